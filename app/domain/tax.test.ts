import { describe, expect, it } from 'vitest'
import {
  calculateTaxes,
  computeTax,
  isTaxable,
  NO_TAXES_MESSAGE,
  ratesInForce,
  roundMicroCents,
  taxedFeeFields,
  type TaxablePolicy,
  type TaxRate,
} from './tax'

const rate = (overrides: Partial<TaxRate> = {}): TaxRate => ({
  state: 'TX',
  entity: 'Texas Comptroller',
  rate: '0.048500',
  flat: null,
  taxed_fees: ['*'],
  round: 'CENT',
  admitted: false,
  field: 'DOI',
  start_date: '2021-01-01',
  end_date: null,
  ...overrides,
})

const policy = (overrides: Partial<TaxablePolicy> = {}): TaxablePolicy => ({
  incept: '2024-03-15',
  premium: '10000.00',
  fees: { depfee: '150.00', mgafee: '100.00', profee: '250.00', subfee: '50.00', srcfee: '25.00', spnfee: '35.00' },
  ...overrides,
})

describe('inception date', () => {
  it('taxes only policies incepting after 01 Jan 2021', () => {
    expect(isTaxable('2021-01-02')).toBe(true)
    expect(isTaxable('2021-01-01')).toBe(false)
    expect(isTaxable('2020-12-31')).toBe(false)
    expect(isTaxable(null)).toBe(false)
    expect(isTaxable('')).toBe(false)
  })

  it("answers the spec's message for an earlier or missing inception", () => {
    expect(calculateTaxes([rate()], { state: 'TX', admitted: false }, policy({ incept: '2020-06-01' }))).toEqual({
      ok: false,
      message: NO_TAXES_MESSAGE,
    })
    expect(calculateTaxes([rate()], { state: 'TX', admitted: false }, policy({ incept: null }))).toEqual({
      ok: false,
      message: NO_TAXES_MESSAGE,
    })
    expect(NO_TAXES_MESSAGE).toBe("There are no applicable taxes for this policy's inception date.")
  })
})

describe('rates in force', () => {
  const old = rate({ rate: '0.060000', field: 'SLA', entity: 'SLTX', start_date: '2021-01-01', end_date: '2024-01-01' })
  const current = rate({ rate: '0.040000', field: 'SLA', entity: 'SLTX', start_date: '2024-01-01' })
  const doi = rate()
  const other = rate({ state: 'CA', entity: 'California Department of Insurance' })

  it('takes the new rate when it changes on the inception date (start inclusive, end exclusive)', () => {
    expect(ratesInForce([old, current], 'TX', '2024-01-01', false)).toEqual([current])
    expect(ratesInForce([old, current], 'TX', '2023-12-31', false)).toEqual([old])
  })

  it('ignores rates not yet started and rates of other states', () => {
    const future = rate({ start_date: '2030-01-01' })
    expect(ratesInForce([future, other], 'TX', '2025-05-05', false)).toEqual([])
  })

  it('lists DOI before SLA', () => {
    expect(ratesInForce([current, doi], 'TX', '2024-06-01', false).map((r) => r.field)).toEqual(['DOI', 'SLA'])
  })

  it('admitted placements pay only the rates marked admitted; surplus lines pay all', () => {
    const admittedRate = rate({ state: 'KY', admitted: true })
    const slOnly = rate({ state: 'KY', field: 'SLA', entity: 'KY SLA', admitted: false })
    expect(ratesInForce([admittedRate, slOnly], 'KY', '2024-06-01', true)).toEqual([admittedRate])
    expect(ratesInForce([admittedRate, slOnly], 'KY', '2024-06-01', false)).toEqual([admittedRate, slOnly])
  })
})

describe('taxed fees', () => {
  it("'*' taxes all six fees; a list taxes those; an empty list none", () => {
    expect(taxedFeeFields(['*'])).toEqual(['depfee', 'mgafee', 'profee', 'subfee', 'srcfee', 'spnfee'])
    expect(taxedFeeFields(['mgafee', 'depfee'])).toEqual(['depfee', 'mgafee'])
    expect(taxedFeeFields([])).toEqual([])
  })

  it('adds the taxed fees to the premium', () => {
    // 10,000 + 610 all fees = 10,610 × 4.85 % = 514.585 → 514.59
    expect(computeTax(rate(), policy()).amount).toBe('514.59')
    // 10,000 + 150 + 100 = 10,250 × 4.85 % = 497.125 → 497.13
    expect(computeTax(rate({ taxed_fees: ['depfee', 'mgafee'] }), policy()).amount).toBe('497.13')
    // premium only: 485.00
    expect(computeTax(rate({ taxed_fees: [] }), policy()).amount).toBe('485.00')
    // producer fee only
    expect(computeTax(rate({ taxed_fees: ['profee'] }), policy()).amount).toBe('497.13')
  })

  it('treats missing fees and a missing premium as zero', () => {
    expect(computeTax(rate(), { incept: '2024-01-01', premium: null, fees: { depfee: '100.00' } }).amount).toBe('4.85')
  })
})

describe('rounding options', () => {
  // 1,234.56 × 3.003 % = 37.0738368
  const p = policy({ premium: '1234.56', fees: {} })
  const amount = (round: string) => computeTax(rate({ rate: '0.030030', round }), p)

  it('CENT rounds to the nearest cent', () => expect(amount('CENT').amount).toBe('37.07'))
  it('UP_CENT rounds up to the next cent', () => expect(amount('UP_CENT').amount).toBe('37.08'))
  it('DOLLAR rounds to the nearest dollar', () => expect(amount('DOLLAR').amount).toBe('37.00'))
  it('UP_DOLLAR rounds up to the next dollar', () => expect(amount('UP_DOLLAR').amount).toBe('38.00'))
  it('DOWN_DOLLAR rounds down to the dollar', () => expect(amount('DOWN_DOLLAR').amount).toBe('37.00'))
  it('NONE keeps the exact amount and the fee column rounds it to the cent', () => {
    expect(amount('NONE').amount).toBe('37.0738368')
    expect(amount('NONE').cents).toBe(3707)
  })

  it('rounds halves up and leaves exact cents and dollars alone', () => {
    expect(roundMicroCents(500_000n, 'CENT')).toBe(1n)
    expect(roundMicroCents(499_999n, 'CENT')).toBe(0n)
    expect(roundMicroCents(1_000_000n, 'UP_CENT')).toBe(1n)
    expect(roundMicroCents(1_000_001n, 'UP_CENT')).toBe(2n)
    expect(roundMicroCents(50_000_000n, 'DOLLAR')).toBe(100n)
    expect(roundMicroCents(49_999_999n, 'DOLLAR')).toBe(0n)
    expect(roundMicroCents(100_000_000n, 'UP_DOLLAR')).toBe(100n)
    expect(roundMicroCents(100_000_001n, 'UP_DOLLAR')).toBe(200n)
    expect(roundMicroCents(199_999_999n, 'DOWN_DOLLAR')).toBe(100n)
    expect(roundMicroCents(0n, 'UP_DOLLAR')).toBe(0n)
  })

  it('refuses an unknown rounding option', () => {
    expect(() => roundMicroCents(1n, 'BANKERS')).toThrow(/Unknown tax rounding/)
  })

  it('is exact where binary floating point is not', () => {
    // 0.1 + 0.2 style traps: 1,005 × 1 % = 10.05 exactly, half-up cases on the cent boundary.
    expect(computeTax(rate({ rate: '0.010000', taxed_fees: [] }), policy({ premium: '1005.00' })).amount).toBe('10.05')
    // 20,012.50 × 0.06 % = 12.0075 → 12.01 (a float gives 12.007499999…)
    expect(computeTax(rate({ rate: '0.000600', taxed_fees: [] }), policy({ premium: '20012.50' })).amount).toBe('12.01')
    // A large premium keeps every cent.
    expect(computeTax(rate({ rate: '0.036000', taxed_fees: [] }), policy({ premium: '987654321098.77' })).amount).toBe(
      '35555555559.56',
    )
  })
})

describe('rate, flat fee and steps', () => {
  it("shows the rate as a percent, or 'Flat fee' when there is no rate", () => {
    expect(computeTax(rate(), policy()).rate).toBe('4.85%')
    expect(computeTax(rate({ rate: '0.030030' }), policy()).rate).toBe('3.003%')
    const flat = computeTax(
      rate({ rate: null, flat: '25.00', taxed_fees: [], field: 'SLA', entity: 'SC Policy Filing Fee' }),
      policy(),
    )
    expect(flat.rate).toBe('Flat fee')
    expect(flat.amount).toBe('25.00')
  })

  it('adds a flat amount to a rate before rounding', () => {
    // 1,000 × 0.15 % = 1.50, + 2.00 flat = 3.50, to the nearest dollar: 4.00
    const entry = computeTax(
      rate({ rate: '0.001500', flat: '2.00', taxed_fees: [], round: 'DOLLAR' }),
      policy({ premium: '1000.00' }),
    )
    expect(entry.amount).toBe('4.00')
    expect(entry.steps.some((step) => step.startsWith('Flat fee: + $2.00'))).toBe(true)
  })

  it('lists the calculation steps', () => {
    const entry = computeTax(rate({ taxed_fees: ['depfee', 'mgafee'] }), policy())
    expect(entry.steps).toEqual([
      'Taxed fees: MGA 1st $150.00 + MGA 2nd $100.00 = $250.00',
      'Base: premium $10,000.00 + taxed fees $250.00 = $10,250.00',
      'Rate: $10,250.00 × 4.85% = $497.125',
      'Rounding (Nearest cent): $497.13',
    ])
    expect(computeTax(rate({ taxed_fees: [] }), policy()).steps[0]).toBe('Taxed fees: none')
  })
})

describe('calculateTaxes', () => {
  const rates = [
    rate(),
    rate({ field: 'SLA', entity: 'SLTX', rate: '0.000400', start_date: '2024-01-01' }),
    rate({ field: 'SLA', entity: 'SLTX', rate: '0.000600', start_date: '2021-01-01', end_date: '2024-01-01' }),
  ]

  it('computes each DOI and SLA entity and their doifee and slafee', () => {
    const outcome = calculateTaxes(rates, { state: 'TX', admitted: false }, policy())
    if (!outcome.ok) throw new Error('expected taxes')
    expect(outcome.entries.map((entry) => [entry.entity, entry.field, entry.rate, entry.amount])).toEqual([
      ['Texas Comptroller', 'DOI', '4.85%', '514.59'],
      ['SLTX', 'SLA', '0.04%', '4.24'],
    ])
    expect(outcome.doifee).toBe(51459)
    expect(outcome.slafee).toBe(424)
  })

  it('uses the rate in force at inception', () => {
    const outcome = calculateTaxes(rates, { state: 'TX', admitted: false }, policy({ incept: '2023-06-30' }))
    if (!outcome.ok) throw new Error('expected taxes')
    expect(outcome.entries[1].rate).toBe('0.06%')
    expect(outcome.slafee).toBe(637) // 10,610 × 0.06 % = 6.366
  })

  it.each([
    ['a state without rates', { state: 'ZZ', admitted: false }],
    ['an admitted placement (no surplus-lines rates)', { state: 'TX', admitted: true }],
  ])('returns no entries for %s', (_, placement) => {
    expect(calculateTaxes(rates, placement, policy())).toEqual({ ok: true, entries: [], doifee: 0, slafee: 0 })
  })
})
