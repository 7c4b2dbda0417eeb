import { describe, expect, it } from 'vitest'
import * as schemas from './policy'

describe('policy schemas', () => {
  it('normalises loose M-D-YYYY dates and refuses others with the spec message', () => {
    const ok = schemas.policyCreateSchema.safeParse({ incept: '3-5-2025', retro: '12-31-2019', premium: '10000.5' })
    expect(ok.success && ok.data).toMatchObject({
      incept: '2025-03-05',
      retro: '2019-12-31',
      expiry: null,
      premium: '10000.5',
    })
    const bad = schemas.policyCreateSchema.safeParse({ incept: '2025/13/40' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].message).toBe('Must be M-D-YYYY')
    expect(schemas.policyCreateSchema.safeParse({}).error?.issues[0].message).toBe('Field is required')
  })

  it('takes dollar amounts as digits and decimals only, and says which rule an amount broke', () => {
    const message = (premium: string) =>
      schemas.policyCreateSchema.safeParse({ incept: '1-1-2025', premium }).error?.issues[0].message
    for (const premium of ['$100', '1,000', '1.234', '0.001', 'abc', '99999999999999', '-'])
      expect(message(premium), premium).toBe('Enter an amount like 1234.56')
    for (const premium of ['-5', '-0.5', '-12.345'])
      expect(message(premium), premium).toBe('Must be greater than or equal to 0')
    expect(message('12.34')).toBeUndefined()
  })

  it('forms take dates as typed M-D-YYYY only; the API also takes YYYY-MM-DD (spec 3 §5)', () => {
    for (const retro of ['2025-01-01', '3/1/2026', '1.2.2025']) {
      expect(schemas.policyCreateSchema.safeParse({ incept: '1-1-2025', retro }).error?.issues[0].message, retro).toBe(
        'Must be M-D-YYYY',
      )
      expect(
        schemas.policyEditSchema.safeParse({ version: '1', status: 'Past', retro }).error?.issues[0].message,
        retro,
      ).toBe('Must be M-D-YYYY')
    }
    expect(schemas.policyPostSchema.parse({ fid: '1001', incept: '2025-04-01' }).incept).toBe('2025-04-01')
    expect(schemas.policyPutSchema.parse({ version: 1, retro: '2025-01-02' })).toMatchObject({ retro: '2025-01-02' })
    expect(schemas.policyPutSchema.safeParse({ version: 1, retro: '3/1/2026' }).error?.issues[0].message).toBe(
      'Must be M-D-YYYY',
    )
  })

  it('requires Limit, Deductible and Premium to add a copy to the group', () => {
    const missing = schemas.groupCopySchema.safeParse({ version: '1', limits: '', deduc: '5,000' })
    expect(missing.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['limits', 'premium'])
  })

  it('reads the tax choice: a state code and the Admitted checkbox', () => {
    expect(schemas.taxChoiceSchema.parse({ state: 'tx', admitted: 'on' })).toEqual({ state: 'TX', admitted: true })
    expect(schemas.taxChoiceSchema.parse({ state: 'CA' })).toEqual({ state: 'CA', admitted: false })
    expect(schemas.taxChoiceSchema.safeParse({ state: 'Texas' }).success).toBe(false)
  })

  it('commission data: incept, expiry, quoted, producer and MGA required; dates MM-DD-YYYY', () => {
    const result = schemas.commissionPolicySchema.safeParse({
      version: '2',
      status: 'Quote',
      incept: '03-05-2025',
      expiry: '',
      quoted: 'x',
      prodname: '',
      mgaid: '',
    })
    const paths = result.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`).sort()
    expect(paths).toEqual([
      'expiry:Field is required',
      'mgaid:Field is required',
      'prodname:Field is required',
      'quoted:Must be MM-DD-YYYY',
    ])
  })

  it('commission rates: percent 0 to 100 stored as a fraction rounded to 4 decimals (spec 3 §5)', () => {
    expect(
      schemas.commissionRatesSchema.parse({
        version: '3',
        mgacom: '27.5',
        procom: '12.34567',
        subcom: '',
        spncom: '100',
      }),
    ).toEqual({
      version: 3,
      mgacom: '0.275000',
      procom: '0.123500',
      subcom: null,
      spncom: '1.000000',
    })
    expect(schemas.commissionRatesSchema.safeParse({ version: '3', mgacom: '101' }).error?.issues[0].message).toBe(
      'Must be a valid percentage.',
    )
  })
})
