import { describe, expect, it } from 'vitest'
import { DEMO_USERS } from '#app/db/seed/demo-users'
import { PASSWORD_MESSAGES } from '#app/domain/password-rules'
import { newPasswordProblem } from './password-policy.server'

const as = (username = 'jsmith') => ({ username })

describe('new passwords: the breached/common list and a minimum strength (@zxcvbn-ts)', () => {
  it('refuses a password that is only repeated characters, a sequence or a keyboard row, with a clear message', () => {
    for (const weak of ['aaaaaaaaaaaa', 'abcdefghijkl', 'zzzzzzzzzzzzzzzz', 'abcabcabcabc', 'asdfghjkl;asdf'])
      expect(newPasswordProblem(weak, as()), weak).toBe(PASSWORD_MESSAGES.tooWeak)
    expect(PASSWORD_MESSAGES.tooWeak).toMatch(/too easy to guess/)
  })

  it('refuses passwords on the common list, also with a year, a digit or a sign tacked on', () => {
    for (const common of ['password1234', '123456789012', 'qwertyuiop123', 'iloveyou2026!!', 'Password1234!'])
      expect(newPasswordProblem(common, as()), common).toBe(PASSWORD_MESSAGES.common)
  })

  it('accepts a long passphrase and passwords of unrelated words', () => {
    for (const strong of [
      'correct horse battery staple',
      'A-much-better-secret',
      'Now-my-own-secret',
      'Summer-kettle-41',
    ])
      expect(newPasswordProblem(strong, as()), strong).toBeNull()
  })

  it('keeps the username and current-password rules', () => {
    expect(newPasswordProblem('jsmith-is-my-name', as('jsmith'))).toBe(PASSWORD_MESSAGES.sameAsUsername)
    expect(newPasswordProblem('Same-as-before-1', { username: 'x', current: 'Same-as-before-1' })).toBe(
      PASSWORD_MESSAGES.sameAsCurrent,
    )
  })

  it('would refuse the demo passwords as new passwords: they are seeded in demo mode, never set through this policy', () => {
    // Each demo password holds its username ('admin-demo-1'), so the policy would refuse it; the seed hashes
    // them directly (app/db/seed), and production refuses to start with them (fail-closed).
    for (const user of DEMO_USERS)
      expect(newPasswordProblem(user.password, as(user.username)), user.username).toBe(PASSWORD_MESSAGES.sameAsUsername)
  })
})
