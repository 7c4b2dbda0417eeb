import { describe, expect, it } from 'vitest'
import { hasSearchField, resultColumns } from './firm-search'

describe('firm search rules', () => {
  it('puts fid first and keeps the order columns were checked in', () => {
    expect(resultColumns(['sort', 'phone', 'state'], ['state', 'sort', 'phone'])).toEqual([
      'fid',
      'state',
      'sort',
      'phone',
    ])
    expect(resultColumns(['sort', 'phone'])).toEqual(['fid', 'sort', 'phone'])
    expect(resultColumns(['phone', 'bogus', 'fid'], ['bogus', 'city'])).toEqual(['fid', 'phone'])
  })
  it('needs a filled field other than fid', () => {
    expect(hasSearchField({})).toBe(false)
    expect(hasSearchField({ sort: '  ' })).toBe(false)
    expect(hasSearchField({ city: 'Austin' })).toBe(true)
  })
})
