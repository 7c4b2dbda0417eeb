import { describe, expect, it } from 'vitest'
import { renewalDefaults, yearInRange } from './renewal'

describe('the Renewal report defaults (spec 3 §2.11)', () => {
  it('opens on the previous month, December of last year in January', () => {
    expect(renewalDefaults('2026-11-28')).toEqual({ prevCarrier: 'Lloyds', type: 'FPL', month: 10, year: 2026 })
    expect(renewalDefaults('2027-01-03')).toMatchObject({ month: 12, year: 2026 })
  })

  it('takes the years 2005 to next year', () => {
    expect(yearInRange(2005, '2026-11-28')).toBe(true)
    expect(yearInRange(2027, '2026-11-28')).toBe(true)
    expect(yearInRange(2004, '2026-11-28')).toBe(false)
    expect(yearInRange(2028, '2026-11-28')).toBe(false)
  })
})
