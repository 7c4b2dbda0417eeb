import { describe, expect, it } from 'vitest'
import { chartMeasure, formatRatio, grossLossRatio, measureColumns, reportColumns } from './aggregate-report'

describe('the gross loss ratio (decision 0035)', () => {
  it('is incurred losses over premium, to 4 decimals', () => {
    expect(grossLossRatio(65_000, 100_000)).toBe(0.65)
    expect(grossLossRatio(1, 3)).toBe(0.3333)
    expect(grossLossRatio(250_000, 100_000)).toBe(2.5)
    expect(grossLossRatio(0, 100_000)).toBe(0)
  })

  it('has no value without premium (never infinite)', () => {
    expect(grossLossRatio(5_000, 0)).toBeNull()
    expect(grossLossRatio(5_000, -1)).toBeNull()
    expect(grossLossRatio(Number.NaN, 100)).toBeNull()
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
