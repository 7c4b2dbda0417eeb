import { describe, expect, it } from 'vitest'
import { formatBordereauDate, formatReportDate, monthRange, previousMonth, reportYears } from './reports'

describe('report vocabulary', () => {
  it('lists the years from 2005 to next year', () => {
    const years = reportYears('2026-11-28')
    expect(years[0]).toBe(2005)
    expect(years.at(-1)).toBe(2027)
    expect(years).toHaveLength(23)
  })
  it('defaults the renewal month to the previous month, December in January', () => {
    expect(previousMonth('2026-11-28')).toEqual({ month: 10, year: 2026 })
    expect(previousMonth('2026-01-03')).toEqual({ month: 12, year: 2025 })
  })
  it('bounds a month, leap years included', () => {
    expect(monthRange(2024, 2)).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })
  it('writes the spec formats', () => {
    expect(formatBordereauDate('2026-01-05')).toBe('January 5, 2026')
    expect(formatBordereauDate(null)).toBe('')
    expect(formatReportDate('2026-03-07')).toBe('03-07-2026')
  })
})
