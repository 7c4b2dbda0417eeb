import { getDb } from '#app/db/client.server'
import { LoginError, setPassword, verifyLogin } from '#app/models/user.server'
import { PASSWORD_MESSAGES, type PasswordChangeInput } from '#app/schemas/auth'
import { loginOptions } from './authenticator.server'
import type { CurrentUser } from './guard.server'
import { hashPassword } from '#app/domain/password-hash.server'
import { newPasswordProblem } from './password-policy.server'

export type PasswordChangeResult =
  | { ok: true }
  | {
      ok: false
      status: 400 | 401 | 429
      field: 'currentPassword' | 'newPassword'
      message: string
      retryAfterSeconds?: number
    }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Changes the signed-in user's own password: the current password is checked like a sign-in
 * (counted and throttled, so a left-open session cannot be used to guess it), the new one against
 * the common-password list; argon2id as ever. The user's other sessions end.
 */
export async function changeOwnPassword(
  user: CurrentUser,
  input: Pick<PasswordChangeInput, 'currentPassword' | 'newPassword'>,
  address: string,
): Promise<PasswordChangeResult> {
  const problem = newPasswordProblem(input.newPassword, { username: user.username, current: input.currentPassword })
  if (problem) return { ok: false, status: 400, field: 'newPassword', message: problem }
  const db = getDb()
  try {
    await verifyLogin(db, user.username, input.currentPassword, loginOptions(address))
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    if (error.delayMs) await sleep(error.delayMs)
    const message = error.status === 429 ? error.message : PASSWORD_MESSAGES.wrongCurrent
    return {
      ok: false,
      status: error.status === 429 ? 429 : 400,
      field: 'currentPassword',
      message,
      retryAfterSeconds: error.retryAfterSeconds,
    }
  }
  await setPassword(db, user.id, await hashPassword(input.newPassword), user.sessionId)
  return { ok: true }
}
