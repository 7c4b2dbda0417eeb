import { describe, expect, it } from 'vitest'
import { stripNul } from './fields'

describe('stripNul', () => {
  it('removes NUL from every string of a request body, keys included, and leaves the rest', () => {
    const file = new Blob(['a\u0000b'])
    expect(stripNul({ 're\u0000': 'a\u0000b', list: ['\u0000x', 2, null], nested: { note: '\u0000' }, file, n: 1, yes: true })).toEqual({ re: 'ab', list: ['x', 2, null], nested: { note: '' }, file, n: 1, yes: true })
  })
})
