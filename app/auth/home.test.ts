import { describe, expect, it } from 'vitest'
import { chooseHome } from './home'

const held = (...scopes: string[]) => new Set(scopes)

describe('chooseHome (spec 1 §2.2)', () => {
  it('follows the saved home preference', () => {
    expect(chooseHome(held('firm-view', 'claim-view'), { home: 'claims' })).toBe('/search/claims/claimsSearch')
    expect(chooseHome(held('firm-view', 'claim-view'), { home: 'firms' })).toBe('/search/firms/firmsSearch')
    expect(chooseHome(held('firm-view', 'claim-view'), {})).toBe('/search/firms/firmsSearch')
  })
  it('sends a user without firm-view to claims search', () => {
    expect(chooseHome(held('claim-view'), { home: 'firms' })).toBe('/search/claims/claimsSearch')
  })
  it('sends a user without claim-view to firms search', () => {
    expect(chooseHome(held('firm-view'), { home: 'claims' })).toBe('/search/firms/firmsSearch')
  })
})
