import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { closeOtherSessions, closeSession, openSession, SESSION_TYPE } from '#app/models/session.server'
import { getUserSettings, LoginError } from '#app/models/user.server'
import { authenticator, type AuthenticatedUser } from './authenticator.server'
import { clearSessionCookie, commitSessionToken, readSessionToken } from './session.server'

export type SignInResult =
  | { ok: true; user: AuthenticatedUser; token: string; setCookie: string }
  | { ok: false; status: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Authenticates a form-encoded request (username, password) and opens a new session row with a new
 * token. Failures answer the server's description, which the login page shows as a warning.
 */
export async function signIn(request: Request, context: AppLoadContext): Promise<SignInResult> {
  let user: AuthenticatedUser
  try {
    user = await authenticator.authenticate('form', request)
  } catch (error) {
    if (error instanceof LoginError) {
      if (error.delayMs) await sleep(error.delayMs)
      return { ok: false, status: error.status, message: error.message, retryAfterSeconds: error.retryAfterSeconds }
    }
    throw error
  }
  const db = getDb()
  // IP restrictions and disabled accounts were refused by verifyLogin, before the password check.
  const settings = await getUserSettings(db, user.id)
  const previous = await readSessionToken(request)
  if (previous) await closeSession(db, previous)
  const { token } = await db.transaction(async (tx) => {
    const opened = await openSession(tx, { userId: user.id, ip: context.clientIp, userAgent: request.headers.get('User-Agent') })
    if (settings && !settings.multipleLogins) {
      await closeOtherSessions(tx, user.id, opened.sessionId, SESSION_TYPE.manualLogout)
    }
    return opened
  })
  return { ok: true, user, token, setCookie: await commitSessionToken(request, token) }
}

/** Ends the request's session (Manual Logout) and returns the header that clears the cookie. */
export async function signOut(request: Request): Promise<string> {
  const token = await readSessionToken(request)
  if (token) await closeSession(getDb(), token, SESSION_TYPE.manualLogout)
  return clearSessionCookie(request)
}

/** The Retry-After header of a throttled sign-in (429), for every sign-in path. */
export function retryAfterHeaders(result: { retryAfterSeconds?: number }): HeadersInit | undefined {
  return result.retryAfterSeconds ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined
}
