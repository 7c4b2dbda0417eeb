import { describe, expect, it } from 'vitest'
import { describeTypes, fromTildeList, toTildeList } from './contact-types'

describe('contact types', () => {
  it('stores types tilde-prefixed and reads them back', () => {
    expect(toTildeList(['Adjuster', 'Panel', 'Adjuster', ' '])).toBe('~Adjuster~Panel')
    expect(fromTildeList('~Adjuster~Panel')).toEqual(['Adjuster', 'Panel'])
    expect(describeTypes('~Adjuster~Panel')).toBe('Adjuster, Panel')
    expect(fromTildeList(null)).toEqual([])
  })
})
