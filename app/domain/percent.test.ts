import { describe, expect, it } from 'vitest'
import { fractionToPercent, percentToFraction } from './percent'

describe('percentToFraction: a percent typed, kept to some decimals, as the fraction stored', () => {
  it.each([
    // A policy's commissions and Producer Rates: two decimals of a percent, the fraction to four (spec 3 §5).
    ['27.5', 2, '0.275000'],
    ['18.75', 2, '0.187500'],
    ['22.12345', 2, '0.221200'],
    ['10.00005', 2, '0.100000'],
    ['12.345', 2, '0.123500'],
    ['12.3449', 2, '0.123400'],
    ['99.996', 2, '1.000000'],
    ['0', 2, '0.000000'],
    ['100', 2, '1.000000'],
    ['100.0001', 2, null],
    ['-1', 2, null],
    ['abc', 2, null],
    // MGA Rates: three decimals of a percent (spec 1 §3, §5, §9).
    ['27.125', 3, '0.271250'],
    ['27.1254', 3, '0.271250'],
    ['27.1255', 3, '0.271260'],
    ['0', 3, '0.000000'],
    ['100', 3, '1.000000'],
    ['100.001', 3, null],
    ['-1', 3, null],
    ['x', 3, null],
    // Tax rates: four decimals of a percent.
    ['4.85', 4, '0.048500'],
    ['x', 4, null],
  ] as const)('%s to %i decimals is %s', (percent, decimals, fraction) => {
    expect(percentToFraction(percent, decimals)).toBe(fraction)
  })
})

describe('fractionToPercent: a stored fraction shown as a percent', () => {
  it.each([
    // MGA Rates: three decimals.
    ['0.271250', 3, '27.125'],
    ['0.187500', 3, '18.75'],
    ['0.123456', 3, '12.346'],
    [null, 3, ''],
    // Tax rates: the whole fraction shown.
    ['0.048500', undefined, '4.85'],
    ['0.030030', undefined, '3.003'],
    ['0.275000', undefined, '27.5'],
    ['0.123457', undefined, '12.3457'],
    [0.0485, undefined, '4.85'],
    [null, undefined, ''],
  ] as const)('%s to %s decimals is %s', (fraction, decimals, percent) => {
    expect(fractionToPercent(fraction, decimals)).toBe(percent)
  })
})
