import { dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MESSAGES } from '#app/schemas/auth'

// The common-password list of @zxcvbn-ts/language-common (about 49,000 leaked passwords, maintained
// with zxcvbn-ts), loaded once on first use.
let common: Set<string> | undefined
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()))
  return common
}

/**
 * ASVS 6.2: the length rules are in the schema; this adds the checks that need the server's list.
 * Answers the message for the new password, or null when it may be used.
 */
export function newPasswordProblem(plain: string, context: { username: string; current?: string }): string | null {
  const lower = plain.toLowerCase()
  if (commonPasswords().has(lower)) return PASSWORD_MESSAGES.common
  // A common password with a year, a digit or a sign tacked on is still a common password.
  const stem = lower.replace(/[\d\W_]+$/u, '')
  if (stem.length >= 6 && stem !== lower && commonPasswords().has(stem)) return PASSWORD_MESSAGES.common
  if (context.username.length >= 3 && lower.includes(context.username.toLowerCase()))
    return PASSWORD_MESSAGES.sameAsUsername
  if (context.current !== undefined && plain === context.current) return PASSWORD_MESSAGES.sameAsCurrent
  return null
}
