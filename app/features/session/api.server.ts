import { clientIp } from '#app/auth/client-ip'
import { sessionLimits } from '#app/auth/guard.server'
import { refusalOf, signIn } from '#app/auth/login.server'
import { changeOwnPassword } from '#app/auth/password-change.server'
import { relogin } from '#app/auth/relogin.server'
import { getDb } from '#app/db/client.server'
import { ForbiddenError } from '#app/domain/errors'
import { minutesToParts } from '#app/domain/interval'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { readBody } from '#app/http/api.server'
import type { ApiHandlers, GuardOptions, PublicApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { touchSession } from '#app/models/session.server'
import { loginSchema, mfaCode, PASSWORD_MESSAGES, passwordChangeApiSchema } from '#app/schemas/auth'
import { reloginSchema } from '#app/schemas/session'
import { endOwnSession } from './logout.server'

/** A refused call in the API's words: its status word and message, a throttled one (429) with Retry-After. */

const loginBodySchema = loginSchema.pick({ username: true, password: true }).extend({ code: mfaCode.optional() })

/**
 * POST /api/auth/login {username, password, code?}: the same form strategy as the page, given the
 * body's fields as its form. An account with two-step sign-in needs `code` (authenticator or recovery
 * code) in the same call: without it the answer is 401 MFA_REQUIRED and no session is opened.
 */
export const loginApi: PublicApiHandlers = {
  POST: async ({ request }) => {
    const body = await readBody(request, loginBodySchema)
    const form = new FormData()
    form.set('username', body.username)
    form.set('password', body.password)
    const result = await signIn(request, { form, code: body.code })
    if (result.ok === 'code-required')
      throw refusalOf(
        { status: 401, message: MFA_MESSAGES.apiRequired },
        { description: MFA_MESSAGES.apiRequired },
        'MFA_REQUIRED',
      )
    if (!result.ok) {
      const code = result.status === 429 ? 'LOCKED' : result.status === 403 ? 'FORBIDDEN' : 'INVALID_CREDENTIALS'
      throw refusalOf(result, { description: result.message }, code)
    }
    const user = await touchSession(getDb(), result.token, { countActivity: true, limits: sessionLimits() })
    if (!user) throw new Error('The new session could not be read back.')
    return Response.json(
      {
        id: user.id,
        username: user.username,
        auth_groups: user.authGroups,
        timeout: minutesToParts(user.timeoutMinutes),
      },
      { headers: { 'Set-Cookie': result.setCookie } },
    )
  },
}

/** GET /api/auth/logout (spec 1 §7) ends the session (POST as well); the client then goes to Login. */
async function logOut({ request }: { request: Request }) {
  return Response.json({ status: 'LOGGED_OUT' }, { headers: { 'Set-Cookie': await endOwnSession(request) } })
}
export const logoutApi: PublicApiHandlers = { GET: logOut, POST: logOut }

/**
 * GET /api/auth/session: the client timer's check. It does not count as activity (a timer must not
 * keep a session alive: SESSION_GUARD), and it answers for any caller: logout true when there is no session.
 */
export const SESSION_GUARD = { public: true, countActivity: false } as const
export const sessionApi: PublicApiHandlers = {
  GET: ({ user }) => {
    if (!user) return { time_remaining: 0, timed_out: false, logout: true }
    return { time_remaining: user.timeRemainingMs, timed_out: user.timedOut, logout: false }
  },
}

/** The relogin call serves a timed-out session, and is not activity by itself. */
export const RELOGIN_GUARD: GuardOptions = { allowTimedOut: true, countActivity: false }

/** POST /api/auth/relogin {password, sessionNotesType, sessionNotes, code?}: the idle dialog's relogin. */
export const reloginApi: ApiHandlers = {
  POST: async ({ request, user }) => {
    const input = await readBody(request, reloginSchema)
    const result = await relogin(request, user, input, clientIp(request))
    if (!result.ok) throw refusalOf(result, {}, result.status === 429 ? 'LOCKED' : 'INVALID_PASSWORD')
    // A new session token (set here) replaces the one used before the timeout.
    return Response.json(
      { status: 'OK', timed_out: false },
      { headers: result.setCookie ? { 'Set-Cookie': result.setCookie } : undefined },
    )
  },
}

/**
 * PUT /api/users/{id}/password {currentPassword, newPassword, confirmPassword?}: one's own password
 * only (an administrator resets others' from the Roles screen).
 */
export const passwordApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'user')
    if (id !== user.id) throw new ForbiddenError('You may change only your own password here.')
    const input = await readBody(request, passwordChangeApiSchema)
    const result = await changeOwnPassword(user, input, clientIp(request))
    if (!result.ok)
      throw refusalOf(
        { ...result, message: `${result.field}: ${result.message}` },
        {},
        result.status === 429 ? 'LOCKED' : 'INVALID_PARAMS',
      )
    return { status: 'OK', message: PASSWORD_MESSAGES.success }
  },
}
