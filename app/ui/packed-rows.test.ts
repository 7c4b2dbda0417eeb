import { describe, expect, it } from 'vitest'
import { packRows, unpackRows, type PackedRows } from './packed-rows'

describe('packed rows', () => {
  const rows = [
    { nid: 1, re: 'Quote "A" <b>&</b>', staff: null, done: false, when: '2026-11-27T09:00:00.000Z' },
    { nid: 2, re: 'ünïcode \u2028 line', staff: 'admin', done: true, when: '2026-11-28T10:30:00.000Z' },
  ]

  it('hands the server render the loader’s own rows', () => {
    const packed = packRows(rows)
    expect(unpackRows(packed)).toBe(rows)
  })

  it('gives the browser the same rows from the JSON text the page carries', () => {
    // What the browser holds: the object rebuilt from the serialized loader data.
    const received = JSON.parse(JSON.stringify(packRows(rows))) as PackedRows<(typeof rows)[number]>
    expect(Object.keys(received)).toEqual(['json'])
    expect(unpackRows(received)).toEqual(rows)
  })

  it('packs no rows as an empty list', () => {
    expect(unpackRows(JSON.parse(JSON.stringify(packRows([]))) as PackedRows<never>)).toEqual([])
  })
})
