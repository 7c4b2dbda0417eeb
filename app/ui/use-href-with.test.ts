import { describe, expect, it } from 'vitest'
import { hrefWithParams, withParam } from './use-href-with'

describe('withParam', () => {
  it('appends one parameter to a base, as hrefWithParams would add it', () => {
    const search = new URLSearchParams('q=smith & co&page=2')
    const base = hrefWithParams('/search', search, { contact: null })
    expect(withParam(base, 'contact', '12')).toBe(hrefWithParams('/search', search, { contact: '12' }))
    expect(withParam('/search', 'full', '7:facts')).toBe('/search?full=7%3Afacts')
  })
})
