import { describe, expect, it } from 'vitest'
import { addableFields, disabledFees, TAX_MESSAGES, taxYears } from '#app/domain/tax-rates'
import { taxEndBodySchema, taxListQuerySchema, taxRateBodySchema, taxRateFormSchema } from './tax-rates'

const form = {
  state: 'TX',
  entity: 'Texas Comptroller',
  rate: '4.85',
  flat: '',
  taxed_fees: '*',
  round: 'CENT',
  field: 'DOI',
  start_date: '2027-01-01',
}

const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('the State Rates form', () => {
  it('reads a percent as the stored fraction, All alone, admitted off', () => {
    const value = taxRateFormSchema.parse(form)
    expect(value).toMatchObject({
      rate: '0.048500',
      flat: null,
      taxed_fees: ['*'],
      admitted: false,
      end_date: null,
      current: null,
    })
    expect(
      taxRateFormSchema.parse({ ...form, taxed_fees: ['depfee', 'mgafee'], admitted: 'on', current: '12' }),
    ).toMatchObject({
      taxed_fees: ['depfee', 'mgafee'],
      admitted: true,
      current: 12,
    })
  })

  it("refuses with the spec's messages", () => {
    const refused = taxRateFormSchema.safeParse({ state: 'TX', rate: 'abc', flat: '-5', start_date: '2027-02-30' })
    expect(errors(refused)).toMatchObject({
      entity: TAX_MESSAGES.required,
      rate: TAX_MESSAGES.numeric,
      flat: TAX_MESSAGES.positive,
      round: TAX_MESSAGES.required,
      field: TAX_MESSAGES.required,
      start_date: TAX_MESSAGES.date,
    })
    expect(errors(taxRateFormSchema.safeParse({ ...form, start_date: '' }))).toMatchObject({
      start_date: TAX_MESSAGES.required,
    })
    expect(errors(taxRateFormSchema.safeParse({ ...form, rate: '-1' }))).toMatchObject({ rate: TAX_MESSAGES.positive })
  })

  it('All excludes the specific fees; a rate or a flat fee is needed; a rate is below 100%', () => {
    expect(errors(taxRateFormSchema.safeParse({ ...form, taxed_fees: ['*', 'depfee'] }))).toMatchObject({
      taxed_fees: TAX_MESSAGES.allAlone,
    })
    expect(errors(taxRateFormSchema.safeParse({ ...form, rate: '' }))).toMatchObject({ rate: TAX_MESSAGES.rateOrFlat })
    expect(taxRateFormSchema.parse({ ...form, rate: '', flat: '25' })).toMatchObject({ rate: null, flat: '25' })
    expect(errors(taxRateFormSchema.safeParse({ ...form, rate: '100' }))).toMatchObject({
      rate: TAX_MESSAGES.rateTooHigh,
    })
    expect(errors(taxRateFormSchema.safeParse({ ...form, rate: '4.12345' }))).toMatchObject({
      rate: TAX_MESSAGES.tooPrecise,
    })
  })
})

describe('the /api/taxes bodies and queries', () => {
  it('takes the rate as a fraction (a number or its text), rounding CENT by default', () => {
    const body = taxRateBodySchema.parse({ ...form, rate: 0.0485, taxed_fees: ['*'], round: undefined, admitted: true })
    expect(body).toMatchObject({ rate: '0.0485', round: 'CENT', admitted: true })
    expect(errors(taxRateBodySchema.safeParse({ ...form, rate: 4.85 }))).toMatchObject({
      rate: TAX_MESSAGES.rateTooHigh,
    })
  })

  it('an end date or null; a date or a period', () => {
    expect(taxEndBodySchema.parse({ end_date: null })).toEqual({ end_date: null })
    expect(taxEndBodySchema.parse({ end_date: '2027-01-01' })).toEqual({ end_date: '2027-01-01' })
    expect(taxEndBodySchema.safeParse({ end_date: '01-01-2027' }).success).toBe(false)
    expect(taxListQuerySchema.parse({ period: '2024-01-01,2024-12-31' })).toEqual({
      period: { from: '2024-01-01', to: '2024-12-31' },
    })
    expect(taxListQuerySchema.safeParse({ period: '2024-12-31,2024-01-01' }).success).toBe(false)
    expect(taxListQuerySchema.safeParse({ date: '2024-01-01', period: '2024-01-01,2024-12-31' }).success).toBe(false)
  })
})

describe('the screen rules', () => {
  it('years 2020 to 50 years ahead; fields left to add; the fees All disables', () => {
    const years = taxYears(2026)
    expect([years[0], years.at(-1), years.length]).toEqual([2020, 2076, 57])
    expect(addableFields([])).toEqual(['DOI', 'SLA'])
    expect(addableFields([{ field: 'DOI' }])).toEqual(['SLA'])
    expect(addableFields([{ field: 'DOI' }, { field: 'DOI' }])).toEqual([])
    expect([...disabledFees(['*'])]).toHaveLength(6)
    expect([...disabledFees(['depfee'])]).toEqual(['*'])
    expect(disabledFees([]).size).toBe(0)
  })
})
