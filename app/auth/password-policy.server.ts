import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { PASSWORD_MESSAGES } from '#app/schemas/auth'

/**
 * The lowest zxcvbn score a new password may have: 3 is "safely unguessable" (about 10^8 to 10^10
 * guesses), which against argon2id and the sign-in throttle is out of reach; 0 to 2 are repeated
 * characters, sequences, keyboard rows and common words with a little added.
 */
export const MIN_PASSWORD_SCORE = 3

// The estimator of @zxcvbn-ts/core with the common package's breached/common passwords (about 49,000
// leaked passwords), its common words and its keyboard layouts; built once, on first use.
let estimator: ZxcvbnFactory | undefined
function estimate(password: string, userInputs: string[]): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })
  return estimator.check(password, userInputs)
}

/** zxcvbn's warnings that say the password is, or is close to, one on the common list. */
const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon'])

/**
 * ASVS 6.2: the length rules are in the schema; this adds the checks that need the server's lists.
 * Answers the message for the new password, or null when it may be used.
 */
export function newPasswordProblem(plain: string, context: { username: string; current?: string }): string | null {
  if (context.username.length >= 3 && plain.toLowerCase().includes(context.username.toLowerCase()))
    return PASSWORD_MESSAGES.sameAsUsername
  if (context.current !== undefined && plain === context.current) return PASSWORD_MESSAGES.sameAsCurrent
  const result = estimate(plain, [context.username])
  if (onCommonList(plain, result)) return PASSWORD_MESSAGES.common
  if (result.score < MIN_PASSWORD_SCORE) return PASSWORD_MESSAGES.tooWeak
  return null
}

/**
 * On the common list: zxcvbn says so, or most of the password is one entry of it with a year, a
 * digit or a sign tacked on ('iloveyou2026!!' scores 3, and is still a common password).
 */
function onCommonList(plain: string, result: ZxcvbnResult): boolean {
  if (result.feedback.warning && COMMON_WARNINGS.has(result.feedback.warning)) return true
  return result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      match.dictionaryName === 'passwords-common' &&
      match.token.length * 2 >= plain.length,
  )
}
