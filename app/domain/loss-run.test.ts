import { describe, expect, it } from 'vitest'
import {
  ALL_SHOWN,
  lossRunColumns,
  lossRunTotal,
  lossRunTotals,
  shownFromFields,
  type LossRunAmounts,
} from './loss-run'

const row = (amounts: Partial<LossRunAmounts>): LossRunAmounts => ({
  premium: 0,
  claims_count: 0,
  monitoring: 0,
  reserves: 0,
  defense: 0,
  damages: 0,
  ...amounts,
})

describe('the loss run total (spec 3 §5)', () => {
  const amounts = row({ premium: 500_00, monitoring: 10_00, reserves: 200_00, defense: 1_000_01, damages: 3_000_02 })

  it('is defense + damages, plus monitoring and reserves when they are shown', () => {
    expect(lossRunTotal(amounts, ALL_SHOWN)).toBe(1_000_01 + 3_000_02 + 10_00 + 200_00)
    expect(lossRunTotal(amounts, { premium: true, reserves: false, monitor: false })).toBe(1_000_01 + 3_000_02)
    expect(lossRunTotal(amounts, { premium: true, reserves: true, monitor: false })).toBe(1_000_01 + 3_000_02 + 200_00)
    expect(lossRunTotal(amounts, { premium: true, reserves: false, monitor: true })).toBe(1_000_01 + 3_000_02 + 10_00)
  })

  it('never counts the premium', () => {
    expect(lossRunTotal(amounts, { premium: false, reserves: false, monitor: false })).toBe(
      lossRunTotal(amounts, { premium: true, reserves: false, monitor: false }),
    )
  })

  it('sums every column into the Totals row, whose total follows the same rule', () => {
    const rows = [amounts, row({ premium: 250_50, claims_count: 2, defense: 99, damages: 1 }), row({})]
    const shown = { premium: true, reserves: false, monitor: true }
    const totals = lossRunTotals(rows, shown)
    expect(totals).toEqual({
      premium: 750_50,
      claims_count: 2,
      monitoring: 10_00,
      reserves: 200_00,
      defense: 1_000_01 + 99,
      damages: 3_000_02 + 1,
      total: 1_000_01 + 99 + 3_000_02 + 1 + 10_00,
    })
    // The total of the totals is the sum of the rows' totals.
    expect(totals.total).toBe(rows.reduce((sum, each) => sum + lossRunTotal(each, shown), 0))
    expect(lossRunTotals([], ALL_SHOWN).total).toBe(0)
  })
})

describe('the loss run columns', () => {
  it('follow the spec order and drop a hidden toggle’s column', () => {
    expect(lossRunColumns(ALL_SHOWN)).toEqual([
      'polnum',
      'incept',
      'premium',
      'claims_count',
      'monitoring',
      'reserves',
      'defense',
      'damages',
      'total',
    ])
    expect(lossRunColumns({ premium: false, reserves: false, monitor: false })).toEqual([
      'polnum',
      'incept',
      'claims_count',
      'defense',
      'damages',
      'total',
    ])
  })

  it('reads the API fields: absent is every column, a list names the shown ones', () => {
    expect(shownFromFields(undefined)).toEqual(ALL_SHOWN)
    expect(shownFromFields([])).toEqual({ premium: false, reserves: false, monitor: false })
    expect(shownFromFields(['monitor'])).toEqual({ premium: false, reserves: false, monitor: true })
  })
})
