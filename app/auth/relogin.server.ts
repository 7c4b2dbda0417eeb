import { getDb } from '#app/db/client.server'
import { resumeSession } from '#app/models/session.server'
import { LoginError, verifyLogin } from '#app/models/user.server'
import { WRONG_PASSWORD_MESSAGE, type ReloginInput } from '#app/schemas/session'
import { loginOptions } from './authenticator.server'
import type { CurrentUser } from './guard.server'

export type ReloginResult = { ok: true } | { ok: false; status: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Idle relogin: checks the password (with the sign-in's slow-down and lock), records what the user
 * was doing as a session note, and makes the session active again.
 */
export async function relogin(user: CurrentUser, input: ReloginInput, address: string): Promise<ReloginResult> {
  const db = getDb()
  const known = await db.query.sessionNoteTypes.findFirst({ where: (t, { eq }) => eq(t.id, input.sessionNotesType) })
  if (!known) return { ok: false, status: 400, message: 'Choose an activity from the list.' }
  try {
    await verifyLogin(db, user.username, input.password, loginOptions(address))
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    if (error.delayMs) await sleep(error.delayMs)
    const message = error.status === 401 ? WRONG_PASSWORD_MESSAGE : error.message
    return { ok: false, status: error.status, message, retryAfterSeconds: error.retryAfterSeconds }
  }
  await resumeSession(db, {
    sessionId: user.sessionId,
    userId: user.id,
    typeId: input.sessionNotesType,
    notes: input.sessionNotes || null,
  })
  return { ok: true }
}
