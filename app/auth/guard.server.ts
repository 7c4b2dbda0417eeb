import { redirect } from '@remix-run/node'
import { getConfig } from '#app/config.server'
import { getDb } from '#app/db/client.server'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { savePendingForm, touchSession, type PendingForm, type SessionUser } from '#app/models/session.server'
import { apiError } from '#app/http/errors.server'
import { readFormData } from '#app/http/form.server'
import { clientIp, REQUEST_ID_HEADER } from './client-ip'
import { safeRedirect } from './safe-redirect'
import { ipAllowed } from '#app/domain/ip'
import { ADMIN_GROUP } from '#app/domain/scope-names'
import { accessRule, registryEntry, satisfies } from './scopes'
import { readSessionToken } from './session.server'
import { FORBIDDEN_MESSAGE, refuseSigningOut } from '#app/http/refusal.server'

export interface CurrentUser extends SessionUser {
  scopeSet: ReadonlySet<string>
  isAdmin: boolean
}

export const TIMED_OUT_MESSAGE = 'Your session has timed out. Please confirm your password to continue.'
const MAX_PENDING_FORM_BYTES = 256 * 1024
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your one-time password first.'
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

export { apiError }

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
    const user = await touchSession(getDb(), token, { countActivity, limits: sessionLimits() })
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
 * The guard every loader, action and API route calls with its own route pattern: the scope
 * registry says what the route needs for this request's method. Pages send anonymous users to
 * /login?redirectTo=…, users without the scopes to /, and timed-out sessions to /idle (a posted
 * form is kept and offered again after the relogin); API routes answer 401, 403 and 401 TIMED_OUT.
 */
export async function requireUser(
  request: Request,
  routePath: string,
  options: GuardOptions = {},
): Promise<CurrentUser> {
  const rule = accessRule(routePath, request.method)
  const api = registryEntry(routePath)?.api ?? false
  const url = new URL(request.url)
  const here = `${url.pathname}${url.search}`
  const user = await getOptionalUser(request, { countActivity: options.countActivity })
  if (!user) {
    if (api) throw apiError(401, 'UNAUTHORIZED', 'You are not signed in.')
    const read = request.method === 'GET' || request.method === 'HEAD'
    throw redirect(`/login?redirectTo=${encodeURIComponent(read ? here : url.pathname)}`)
  }
  if (!ipAllowed(user.ipRestrictions, clientIp(request)))
    await refuseSigningOut(request, { message: 'This account may not be used from this address.', api })
  if (user.timedOut && !options.allowTimedOut) {
    if (api) throw apiError(401, 'TIMED_OUT', TIMED_OUT_MESSAGE)
    if (request.method !== 'GET' && request.method !== 'HEAD') await keepPostedForm(request, user.sessionId, here)
    throw redirect(`/idle?redirectTo=${encodeURIComponent(here)}`, 303)
  }
  if (user.mustChangePassword && !ONE_TIME_PASSWORD_ROUTES.has(routePath)) {
    if (api) throw apiError(403, 'PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED_MESSAGE)
    throw redirect('/password')
  }
  if (user.isAdmin && !user.mfaEnabled && !MFA_ENROLMENT_ROUTES.has(routePath) && getConfig().REQUIRE_MFA_FOR_ADMIN) {
    if (api) throw apiError(403, 'MFA_ENROLMENT_REQUIRED', MFA_MESSAGES.enrolmentRequired)
    throw redirect('/mfa')
  }
  if (!satisfies(rule, user.scopeSet)) {
    if (api) throw apiError(403, 'FORBIDDEN', FORBIDDEN_MESSAGE)
    throw redirect('/')
  }
  return user
}

/** A form posted to a timed-out session is kept on the session row, files excepted. */
async function keepPostedForm(request: Request, sessionId: number, action: string) {
  let form: FormData
  try {
    form = await readFormData(request.clone())
  } catch {
    return
  }
  const fields: [string, string][] = []
  let droppedFiles = 0
  let bytes = 0
  for (const [name, value] of form) {
    if (typeof value !== 'string') {
      if (value.size > 0) droppedFiles++
      continue
    }
    bytes += name.length + value.length
    if (bytes > MAX_PENDING_FORM_BYTES) return
    fields.push([name, value])
  }
  const pending: PendingForm = { action, fields, droppedFiles, savedAt: new Date().toISOString() }
  await savePendingForm(getDb(), sessionId, pending)
}
