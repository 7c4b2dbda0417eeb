import { getZodConstraint } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { idField, namedIdField, optionalIdField, stripNul } from './fields'

describe('stripNul', () => {
  it('removes NUL from every string of a request body, keys included, and leaves the rest', () => {
    const file = new Blob(['a\u0000b'])
    expect(
      stripNul({
        're\u0000': 'a\u0000b',
        list: ['\u0000x', 2, null],
        nested: { note: '\u0000' },
        file,
        n: 1,
        yes: true,
      }),
    ).toEqual({ re: 'ab', list: ['x', 2, null], nested: { note: '' }, file, n: 1, yes: true })
  })
})

describe('id fields', () => {
  it('read ids as the one id parser does, as text or as numbers', () => {
    expect(idField().parse('42')).toBe(42)
    expect(idField().parse(42)).toBe(42)
    for (const bad of ['1e3', '05', '-1', '1.0', '', 1.5, 0, 2 ** 31, true])
      expect(idField('plid must be a record id').safeParse(bad).error?.issues[0].message).toBe(
        'plid must be a record id',
      )
    expect(namedIdField('nid').safeParse('1e3').error?.issues[0].message).toBe('nid must be a record id')
  })

  it('an optional id is none when blank or null, and stays optional in the browser constraints', () => {
    const schema = z.object({ pid: optionalIdField('Pick one from the list') })
    expect(schema.parse({ pid: '' })).toEqual({ pid: null })
    expect(schema.parse({ pid: null })).toEqual({ pid: null })
    expect(schema.parse({})).toEqual({ pid: null })
    expect(schema.parse({ pid: '7' })).toEqual({ pid: 7 })
    expect(schema.safeParse({ pid: 'x' }).error?.issues[0].message).toBe('Pick one from the list')
    expect(getZodConstraint(schema).pid.required).toBe(false)
  })
})
