import { describe, expect, it } from 'vitest'
import { canSearch, resultColumns } from './claims'

describe('canSearch: the claims search page and POST /api/claims/search (spec 3 §5)', () => {
  it('needs a filled field or a column besides the claim id', () => {
    expect(canSearch({}, [])).toBe(false)
    expect(canSearch({}, ['clid'])).toBe(false)
    expect(canSearch({ status: '  ' }, resultColumns([]))).toBe(false)
    expect(canSearch({ status: 'Open' }, [])).toBe(true)
    expect(canSearch({}, resultColumns(['claimant']))).toBe(true)
  })
})
