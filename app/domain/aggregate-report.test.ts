import { describe, expect, it } from 'vitest'
import { chartMeasure, formatRatio, grossLossRatio, measureColumns, reportColumns } from './aggregate-report'

describe('the gross loss ratio (decision 0035)', () => {
  // Incurred losses over premium, to 4 decimals; no value without premium (never infinite).
  it.each([
    [65_000, 100_000, 0.65],
    [1, 3, 0.3333],
    [250_000, 100_000, 2.5],
    [0, 100_000, 0],
    [5_000, 0, null],
    [5_000, -1, null],
    [Number.NaN, 100, null],
  ])('%d over %d is %s', (losses, premium, ratio) => {
    expect(grossLossRatio(losses, premium)).toBe(ratio)
  })

  it('shows as a percentage', () => {
    expect(formatRatio('0.6523')).toBe('65.23%')
    expect(formatRatio(null)).toBe('—')
    expect(formatRatio(1.5)).toBe('150.00%')
  })
})

describe('the columns of a report', () => {
  it('follow the query type and the aggregation', () => {
    expect(measureColumns('policies', 'sum')).toEqual(['policies', 'premium'])
    expect(measureColumns('claims', 'avg')).toContain('damages')
    expect(measureColumns('claims', 'glr')).toEqual(expect.arrayContaining(['premium', 'totalloss', 'res_def_loss']))
    expect(chartMeasure('claims', 'glr')).toBe('totalloss')
  })

  it('show the extra firm columns only when each row is a firm', () => {
    expect(reportColumns('firm', 'policies', 'sum', ['insured'])).toEqual([
      'fid',
      'state',
      'insured',
      'policies',
      'premium',
    ])
    expect(reportColumns('other', 'policies', 'sum', ['insured'])).toEqual(['state', 'county', 'policies', 'premium'])
  })
})
