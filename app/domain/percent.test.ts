import { describe, expect, it } from 'vitest'
import { fractionToPercent, percentToFraction } from './percent'

describe('percent and fraction', () => {
  it("a policy's commissions and Producer Rates: two decimals of a percent, the fraction to four (spec 3 §5)", () => {
    expect(percentToFraction('27.5', 2)).toBe('0.275000')
    expect(percentToFraction('18.75', 2)).toBe('0.187500')
    expect(percentToFraction('22.12345', 2)).toBe('0.221200')
    expect(percentToFraction('10.00005', 2)).toBe('0.100000')
    expect(percentToFraction('12.345', 2)).toBe('0.123500')
    expect(percentToFraction('12.3449', 2)).toBe('0.123400')
    expect(percentToFraction('99.996', 2)).toBe('1.000000')
    expect(percentToFraction('0', 2)).toBe('0.000000')
    expect(percentToFraction('100', 2)).toBe('1.000000')
    expect(percentToFraction('100.0001', 2)).toBeNull()
    expect(percentToFraction('-1', 2)).toBeNull()
    expect(percentToFraction('abc', 2)).toBeNull()
  })

  it('MGA Rates: three decimals of a percent (spec 1 §3, §5, §9)', () => {
    expect(percentToFraction('27.125', 3)).toBe('0.271250')
    expect(percentToFraction('27.1254', 3)).toBe('0.271250')
    expect(percentToFraction('27.1255', 3)).toBe('0.271260')
    expect(percentToFraction('0', 3)).toBe('0.000000')
    expect(percentToFraction('100', 3)).toBe('1.000000')
    expect(percentToFraction('100.001', 3)).toBeNull()
    expect(percentToFraction('-1', 3)).toBeNull()
    expect(percentToFraction('x', 3)).toBeNull()
    expect(fractionToPercent('0.271250', 3)).toBe('27.125')
    expect(fractionToPercent('0.187500', 3)).toBe('18.75')
    expect(fractionToPercent('0.123456', 3)).toBe('12.346')
    expect(fractionToPercent(null, 3)).toBe('')
  })

  it('tax rates: four decimals of a percent, the whole fraction shown', () => {
    expect(percentToFraction('4.85', 4)).toBe('0.048500')
    expect(percentToFraction('x', 4)).toBeNull()
    expect(fractionToPercent('0.048500')).toBe('4.85')
    expect(fractionToPercent('0.030030')).toBe('3.003')
    expect(fractionToPercent('0.275000')).toBe('27.5')
    expect(fractionToPercent('0.123457')).toBe('12.3457')
    expect(fractionToPercent(0.0485)).toBe('4.85')
    expect(fractionToPercent(null)).toBe('')
  })
})
