import { describe, expect, it } from 'vitest'
import { TRUNCATION, tabTitleLength, truncate, truncateBy } from './truncate'

describe('truncate', () => {
  it('cuts member emails over 41 characters to 36 plus an ellipsis', () => {
    const email = `${'a'.repeat(30)}@example.com` // 42
    expect(truncateBy(email, TRUNCATION.memberEmail)).toBe(`${email.slice(0, 36)}…`)
    expect(truncateBy('a'.repeat(41), TRUNCATION.memberEmail)).toBe('a'.repeat(41))
  })
  it('cuts contact types over 30 characters to 25', () => {
    expect(truncateBy('x'.repeat(31), TRUNCATION.contactType)).toBe(`${'x'.repeat(25)}…`)
    expect(truncateBy('x'.repeat(30), TRUNCATION.contactType)).toBe('x'.repeat(30))
  })
  it('handles empty values and shortens tab titles as tabs open', () => {
    expect(truncate(null, 5)).toBe('')
    expect(tabTitleLength(1)).toBeGreaterThan(tabTitleLength(5))
  })
})
