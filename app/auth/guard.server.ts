import { redirect } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { touchSession, type SessionUser } from '#app/models/session.server'
import { ADMIN_GROUP, type Scope } from './scope-names'
import { accessRule, registryEntry, satisfies } from './scopes'
import { readSessionToken } from './session.server'

export interface CurrentUser extends SessionUser {
  scopeSet: ReadonlySet<string>
  isAdmin: boolean
}

export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ status: code, message, ...extra }, { status })
}

/** A same-site path to return to after sign-in; anything else (other hosts, `//x`, `/\x`) is refused. */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  if ([...to].some((char) => char.charCodeAt(0) < 32)) return fallback
  return to
}

function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    ...user,
    scopeSet: new Set(user.scopes),
    isAdmin: user.authGroups.some((group) => group.name === ADMIN_GROUP),
  }
}

/** The signed-in user, or null; records the request as session activity. */
export async function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  const token = await readSessionToken(request)
  if (!token) return null
  const user = await touchSession(getDb(), token)
  return user ? toCurrentUser(user) : null
}

/**
 * The guard every loader, action and API route calls with its own route pattern: the scope
 * registry says what the route needs for this request's method. Pages send anonymous users to
 * /login?redirectTo=… and users without the scopes to /; API routes answer 401 and 403.
 */
export async function requireUser(request: Request, routePath: string): Promise<CurrentUser> {
  const rule = accessRule(routePath, request.method)
  const api = registryEntry(routePath)?.api ?? false
  const user = await getOptionalUser(request)
  if (!user) {
    if (api) throw apiError(401, 'UNAUTHORIZED', 'You are not signed in.')
    const url = new URL(request.url)
    const back = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`)
  }
  if (!satisfies(rule, user.scopeSet)) {
    if (api) throw apiError(403, 'FORBIDDEN', 'You do not have permission to view this page')
    throw redirect('/')
  }
  return user
}

/** A finer check inside a route (an intent or a field that needs more than the route's scopes). */
export function hasScope(user: CurrentUser, scope: Scope): boolean {
  return user.scopeSet.has(scope)
}
