import { getConfig } from '#app/config.server'
import { getDb } from '#app/db/client.server'
import { ipAllowed } from '#app/domain/ip'
import { ADMIN_GROUP } from '#app/domain/scope-names'
import { savePendingForm, touchSession, type PendingForm, type SessionUser } from '#app/models/session.server'
import { REQUEST_ID_HEADER } from './client-ip'
import { safeRedirect } from './safe-redirect'
import { satisfies, type AccessRule } from './scopes'
import { readSessionToken } from './session.server'

/**
 * Who the user of a request is, and what stands between them and a route. The answers (redirects,
 * 401, 403, the sign-out of an address the account may not use) are app/http/guard.server.ts's.
 */
export interface CurrentUser extends SessionUser {
  scopeSet: ReadonlySet<string>
  isAdmin: boolean
}

export const TIMED_OUT_MESSAGE = 'Your session has timed out. Please confirm your password to continue.'
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your one-time password first.'
export const ADDRESS_REFUSED_MESSAGE = 'This account may not be used from this address.'

/** What a user with a one-time password may reach: the password change and the session's own routes. */
const ONE_TIME_PASSWORD_ROUTES = new Set([
  '/password',
  '/api/users/:id/password',
  '/idle',
  '/api/auth/relogin',
  '/api/auth/session',
  '/api/me',
])

/** With REQUIRE_MFA_FOR_ADMIN, an administrator without two-step sign-in reaches only these until it is on. */
const MFA_ENROLMENT_ROUTES = new Set([
  '/mfa',
  '/password',
  '/idle',
  '/api/auth/relogin',
  '/api/auth/session',
  '/api/me',
])

export { safeRedirect }

function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    ...user,
    scopeSet: new Set(user.scopes),
    isAdmin: user.authGroups.some((group) => group.name === ADMIN_GROUP),
  }
}

export function sessionLimits() {
  const config = getConfig()
  return { graceMinutes: config.SESSION_IDLE_GRACE_MINUTES, maxHours: config.SESSION_MAX_HOURS }
}

/**
 * One session statement per request, however many loaders of that request ask. Remix hands each
 * loader its own copy of the Request, so the lookup is kept by the id the server gives every request
 * (REQUEST_ID_HEADER), for a few seconds. Only reads (GET, HEAD) share it: an action runs its own
 * lookup, and the loaders after it see what the action changed.
 */
const PER_REQUEST_MS = 10_000
const perRequest = new Map<string, { at: number; lookup: Promise<CurrentUser | null> }>()

function sharedLookup(
  request: Request,
): { get(): Promise<CurrentUser | null> | undefined; set(lookup: Promise<CurrentUser | null>): void } | null {
  const id = request.headers.get(REQUEST_ID_HEADER)
  if (!id || (request.method !== 'GET' && request.method !== 'HEAD')) return null
  return {
    get: () => perRequest.get(id)?.lookup,
    set: (lookup) => {
      const now = Date.now()
      // Oldest first (insertion order): drop what no loader of a live request can still ask for.
      for (const [key, entry] of perRequest) {
        if (now - entry.at < PER_REQUEST_MS) break
        perRequest.delete(key)
      }
      perRequest.set(id, { at: now, lookup })
    },
  }
}

/**
 * The signed-in user of a request, or null. Counts the request as activity unless the session has
 * timed out; `countActivity: false` is for the client's session check, which must not keep a
 * session alive by itself.
 */
export function getOptionalUser(
  request: Request,
  options: { countActivity?: boolean } = {},
): Promise<CurrentUser | null> {
  const countActivity = options.countActivity ?? true
  const shared = countActivity ? sharedLookup(request) : null
  const cached = shared?.get()
  if (cached) return cached
  const lookup = (async () => {
    const token = await readSessionToken(request)
    if (!token) return null
    // A write (not GET or HEAD) forgets a form kept while timed out: it was offered, and the user went on.
    const forgetPendingForm = countActivity && request.method !== 'GET' && request.method !== 'HEAD'
    const user = await touchSession(getDb(), token, { countActivity, limits: sessionLimits(), forgetPendingForm })
    return user ? toCurrentUser(user) : null
  })()
  shared?.set(lookup)
  return lookup
}

export interface GuardOptions {
  /** For the routes that serve a timed-out session: /idle, the session check, relogin, logout. */
  allowTimedOut?: boolean
  countActivity?: boolean
}

/**
 * What keeps a signed-in user from a route, in the order the guard answers them: an address the
 * account may not be used from (the session ends), a timed-out session, a one-time password still to
 * change, an administrator's two-step sign-in still to turn on (REQUIRE_MFA_FOR_ADMIN), the route's
 * scopes. Null: nothing, the user may go on.
 */
export type AccessHold = 'address' | 'timed-out' | 'password-change' | 'mfa-enrolment' | 'scopes'

export function accessHold(
  user: CurrentUser,
  route: { path: string; rule: AccessRule; address: string },
  options: GuardOptions = {},
): AccessHold | null {
  if (!ipAllowed(user.ipRestrictions, route.address)) return 'address'
  if (user.timedOut && !options.allowTimedOut) return 'timed-out'
  if (user.mustChangePassword && !ONE_TIME_PASSWORD_ROUTES.has(route.path)) return 'password-change'
  if (user.isAdmin && !user.mfaEnabled && !MFA_ENROLMENT_ROUTES.has(route.path) && getConfig().REQUIRE_MFA_FOR_ADMIN)
    return 'mfa-enrolment'
  if (!satisfies(route.rule, user.scopeSet)) return 'scopes'
  return null
}

/** A form posted to a timed-out session, kept on its session row and offered again after the relogin. */
export function keepPendingForm(sessionId: number, pending: PendingForm): Promise<void> {
  return savePendingForm(getDb(), sessionId, pending)
}
