import { describe, expect, it } from 'vitest'
import { BIND_AUTHORITY_NOTES, bindAuthorityNote, bindAuthorityUnpaid } from './bind-authority'

describe('bindAuthorityNote', () => {
  it('says nothing when the funds received match the booked premium', () => {
    expect(bindAuthorityNote(125_000, 125_000)).toBe('')
  })
  it('names a policy whose ledger holds no invoice', () => {
    expect(bindAuthorityNote(0, 0)).toBe(BIND_AUTHORITY_NOTES.noInvoice)
  })
  it('tells unpaid, partly paid and overpaid apart', () => {
    expect(bindAuthorityNote(125_000, 0)).toBe('Unpaid')
    expect(bindAuthorityNote(125_000, 100)).toBe('Partly paid')
    expect(bindAuthorityNote(125_000, 125_001)).toBe('Received more than booked')
  })
})

describe('bindAuthorityUnpaid', () => {
  it('is the booked premium not yet received', () => {
    expect(bindAuthorityUnpaid({ booked: 300_000, received: 125_050 })).toBe(174_950)
  })
})
