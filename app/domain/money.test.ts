import { describe, expect, it } from 'vitest'
import { centsToDecimal, formatMoney, formatScaled, parseScaled, sumDecimals, toCents } from './money'

describe('money', () => {
  it('parses decimal strings exactly, rounding extra digits half away from zero', () => {
    expect(parseScaled('12.345', 2)).toBe(1235n)
    expect(parseScaled('12.344', 2)).toBe(1234n)
    expect(parseScaled('-12.345', 2)).toBe(-1235n)
    expect(parseScaled('.5', 2)).toBe(50n)
    expect(parseScaled('7', 6)).toBe(7_000_000n)
    expect(parseScaled('0.048500', 6)).toBe(48_500n)
    expect(parseScaled('abc', 2)).toBeNull()
    expect(parseScaled('', 2)).toBeNull()
    expect(parseScaled('1,000', 2)).toBeNull()
    expect(parseScaled(null, 2)).toBeNull()
    expect(parseScaled(0.1, 2)).toBe(10n)
  })

  it('formats scaled integers', () => {
    expect(formatScaled(48_500n, 4)).toBe('4.85')
    expect(formatScaled(5n, 8, 2)).toBe('0.00000005')
    expect(formatScaled(100n, 2, 2)).toBe('1.00')
    expect(formatScaled(-1n, 2, 2)).toBe('-0.01')
  })

  it('converts cents and shows money with a dollar sign, separators and two decimals', () => {
    expect(toCents('1234.50')).toBe(123450)
    expect(centsToDecimal(123450)).toBe('1234.50')
    expect(formatMoney(123456789)).toBe('$1,234,567.89')
    expect(formatMoney(-5)).toBe('-$0.05')
    expect(formatMoney(null)).toBe('')
  })

  it('sums without floating point error', () => {
    expect(sumDecimals(['0.10', '0.20', null])).toBe('0.30')
  })
})
