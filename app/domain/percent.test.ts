import { describe, expect, it } from 'vitest'
import { fractionToPercent, percentToFraction } from './percent'

describe('percent and fraction', () => {
  // [decimals of a percent kept, percents typed, the fraction stored (null: refused)]
  it.each([
    // A policy's commissions and Producer Rates: two decimals of a percent, the fraction to four (spec 3 §5).
    [2, ['27.5'], '0.275000'],
    [2, ['18.75'], '0.187500'],
    [2, ['0'], '0.000000'],
    [2, ['100', '99.996'], '1.000000'],
    [2, ['22.12345'], '0.221200'],
    [2, ['10.00005'], '0.100000'],
    [2, ['12.345'], '0.123500'],
    [2, ['12.3449'], '0.123400'],
    [2, ['100.0001', '-1', 'abc'], null],
    // MGA Rates: three decimals of a percent (spec 1 §3, §5, §9).
    [3, ['27.125', '27.1254'], '0.271250'],
    [3, ['27.1255'], '0.271260'],
    [3, ['0'], '0.000000'],
    [3, ['100'], '1.000000'],
    [3, ['100.001', '-1', 'x'], null],
    // Tax rates: four decimals of a percent.
    [4, ['4.85'], '0.048500'],
    [4, ['x'], null],
  ] as const)('%i decimals: %j is stored as %s', (decimals, typed, fraction) => {
    for (const percent of typed) expect(percentToFraction(percent, decimals), percent).toBe(fraction)
  })

  it('MGA Rates show three decimals of a percent', () => {
    expect(fractionToPercent('0.271250', 3)).toBe('27.125')
    expect(fractionToPercent('0.187500', 3)).toBe('18.75')
    expect(fractionToPercent('0.123456', 3)).toBe('12.346')
    expect(fractionToPercent(null, 3)).toBe('')
  })

  it('tax rates show the whole fraction', () => {
    expect(fractionToPercent('0.048500')).toBe('4.85')
    expect(fractionToPercent('0.030030')).toBe('3.003')
    expect(fractionToPercent('0.275000')).toBe('27.5')
    expect(fractionToPercent('0.123457')).toBe('12.3457')
    expect(fractionToPercent(0.0485)).toBe('4.85')
    expect(fractionToPercent(null)).toBe('')
  })
})
