import { getDb } from '#app/db/client.server'
import { DomainError, RuleError } from '#app/domain/errors'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { getMfaState } from '#app/models/mfa.server'
import { closeOtherSessions, closeSession, openSession, SESSION_TYPE } from '#app/models/session.server'
import { getUserSettings, LOGIN_MESSAGES, LoginError } from '#app/models/user.server'
import { authenticateForm, type AuthenticatedUser } from './authenticator.server'
import { clientIp } from './client-ip'
import { ipAllowed } from '#app/domain/ip'
import { checkSecondFactor } from './mfa.server'
import { clearSessionCookie, commitSessionToken, readSessionToken } from './session.server'

type Refusal = { ok: false; status: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number }
export type SignInResult =
  | { ok: true; user: AuthenticatedUser; token: string; setCookie: string }
  /** The password was right and the account uses two-step sign-in: no session yet, the code comes next. */
  | { ok: 'code-required'; user: AuthenticatedUser }
  | Refusal

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Authenticates a sign-in form (username, password), already read from the request, and opens a new
 * session row with a new token. An account with two-step sign-in needs `code` as well (the API sends
 * it with the password); without it the answer is `code-required` and no session is opened. Failures
 * answer the server's description, which the login page shows as a warning.
 */
export async function signIn(request: Request, options: { form: FormData; code?: string }): Promise<SignInResult> {
  let user: AuthenticatedUser
  try {
    user = await authenticateForm(options.form, request)
  } catch (error) {
    if (error instanceof LoginError) {
      if (error.delayMs) await sleep(error.delayMs)
      return { ok: false, status: error.status, message: error.message, retryAfterSeconds: error.retryAfterSeconds }
    }
    throw error
  }
  if (user.mfaEnabled) {
    if (options.code === undefined) return { ok: 'code-required', user }
    return completeSignIn(request, user.id, options.code)
  }
  return openSignedInSession(request, user)
}

/**
 * The second step: the code (or a recovery code) for the user the pending cookie names. The account
 * is checked again (disabled or outside its addresses since the password: the wrong-password answer),
 * and only then is a session opened, with a new token.
 */
export async function completeSignIn(
  request: Request,
  userId: number,
  code: string,
): Promise<Exclude<SignInResult, { ok: 'code-required' }>> {
  const db = getDb()
  const state = await getMfaState(db, userId)
  if (!state || !state.accountEnabled || !ipAllowed(state.ipRestrictions, clientIp(request))) {
    return { ok: false, status: 401, message: LOGIN_MESSAGES.invalid }
  }
  if (!state.enabled) return { ok: false, status: 401, message: MFA_MESSAGES.expired }
  const checked = await checkSecondFactor(db, { id: userId, secret: state.secret }, code, clientIp(request))
  if (!checked.ok) return checked
  return openSignedInSession(request, {
    id: userId,
    username: state.username,
    mfaEnabled: true,
    mustChangePassword: state.mustChangePassword,
  })
}

async function openSignedInSession(
  request: Request,
  user: AuthenticatedUser,
): Promise<Exclude<SignInResult, { ok: 'code-required' } | Refusal>> {
  const db = getDb()
  // IP restrictions and disabled accounts were refused by verifyLogin, before the password check.
  const settings = await getUserSettings(db, user.id)
  const previous = await readSessionToken(request)
  if (previous) await closeSession(db, previous)
  const { token } = await db.transaction(async (tx) => {
    const opened = await openSession(tx, {
      userId: user.id,
      // The address the server read from the socket (or the trusted proxy), as every sign-in path counts it.
      ip: clientIp(request),
      userAgent: request.headers.get('User-Agent'),
    })
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

/**
 * A refused sign-in step (password, code, relogin, password change) as the DomainError the route
 * factories answer: its status and message, the field it belongs to, and for a throttled one (429)
 * its wait, which the factories send as Retry-After.
 */
export function refusalOf(
  result: { status: number; message: string; retryAfterSeconds?: number },
  extra: Record<string, unknown> = {},
  /** The API's status word when it is not the status's own (MFA_REQUIRED, LOCKED, INVALID_PASSWORD). */
  code?: string,
): DomainError {
  const wait = result.retryAfterSeconds ? { retryAfterSeconds: result.retryAfterSeconds } : {}
  return code
    ? new DomainError(result.message, code, result.status, { ...extra, ...wait })
    : new RuleError<number>(result.message, result.status, { ...extra, ...wait })
}
