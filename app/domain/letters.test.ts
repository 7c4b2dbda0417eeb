import { describe, expect, it } from 'vitest'
import { fillLetter, salutationOf } from './letters'

describe('letter templates', () => {
  it('fills every placeholder and leaves unknown ones as typed', () => {
    const body = '{salutation},\nAbout {firm} ({policy}) on {date}: {re}.\n{signer} {unknown}'
    expect(
      fillLetter(body, {
        salutation: 'Dear Ms. Zed',
        firm: 'Zed LLP',
        policy: 'Lloyds FPL',
        date: '01 Mar 2025',
        re: 'Quote',
        signer: 'Ellen Brooks',
      }),
    ).toBe('Dear Ms. Zed,\nAbout Zed LLP (Lloyds FPL) on 01 Mar 2025: Quote.\nEllen Brooks {unknown}')
  })
  it('falls back when a value is missing', () => {
    expect(fillLetter('{salutation}, {firm}', {})).toBe('Dear Sir or Madam, your firm')
  })
  it('uses a salutation, else the name', () => {
    expect(salutationOf({ salutation: ' Dear Bo ', name: 'Bo Yule' })).toBe('Dear Bo')
    expect(salutationOf({ salutation: null, name: 'Bo Yule' })).toBe('Dear Bo Yule')
    expect(salutationOf(undefined)).toBeNull()
  })
})
