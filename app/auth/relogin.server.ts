import { getDb } from '#app/db/client.server'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { getMfaState } from '#app/models/mfa.server'
import { resumeSession, rotateSessionToken } from '#app/models/session.server'
import { LoginError, verifyLogin } from '#app/models/user.server'
import { WRONG_PASSWORD_MESSAGE, type ReloginInput } from '#app/schemas/session'
import { loginOptions } from './authenticator.server'
import type { CurrentUser } from './guard.server'
import { checkSecondFactor } from './mfa.server'
import { commitSessionToken } from './session.server'

export type ReloginResult =
  | { ok: true; setCookie: string | null }
  | { ok: false; status: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Idle relogin: checks the password (with the sign-in's slow-down and lock) and, with two-step
 * sign-in, the code (with its own throttle); records what the user
 * was doing as a session note, and makes the session active again under a new token.
 */
export async function relogin(
  request: Request,
  user: CurrentUser,
  input: ReloginInput,
  address: string,
): Promise<ReloginResult> {
  const db = getDb()
  const known = await db.query.sessionNoteTypes.findFirst({ where: (t, { eq }) => eq(t.id, input.sessionNotesType) })
  if (!known) return { ok: false, status: 400, message: 'Choose an activity from the list.' }
  let mfaEnabled: boolean
  try {
    mfaEnabled = (await verifyLogin(db, user.username, input.password, loginOptions(address))).mfaEnabled
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    if (error.delayMs) await sleep(error.delayMs)
    const message = error.status === 401 ? WRONG_PASSWORD_MESSAGE : error.message
    return { ok: false, status: error.status, message, retryAfterSeconds: error.retryAfterSeconds }
  }
  // Two-step sign-in is asked again at relogin: the password alone does not resume the session.
  if (mfaEnabled) {
    if (!input.code) return { ok: false, status: 401, message: MFA_MESSAGES.codeRequired }
    const state = await getMfaState(db, user.id)
    const checked = await checkSecondFactor(db, { id: user.id, secret: state?.secret ?? null }, input.code, address)
    if (!checked.ok) return checked
  }
  await resumeSession(db, {
    sessionId: user.sessionId,
    userId: user.id,
    typeId: input.sessionNotesType,
    notes: input.sessionNotes || null,
  })
  // A new token: one seen before the timeout (on a shared screen, in a log) no longer opens the session.
  const token = await rotateSessionToken(db, user.sessionId)
  return { ok: true, setCookie: token ? await commitSessionToken(request, token) : null }
}
