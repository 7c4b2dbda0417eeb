import { eq, inArray } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import { commitSessionToken } from '#app/auth/session.server'
import { authGroupScopes, authGroupUsers, authGroups, scopes, users } from '#app/db/schema'
import { hashPassword } from '#app/domain/password-hash.server'
import { consumeFlash, type Flash } from '#app/http/flash.server'
import { openSession } from '#app/models/session.server'
import { testDb } from './db'

/**
 * The one way integration tests call a route module (a page's or an API's loader and action) as the
 * browser would, through the factories' real guard: a signed-in session cookie, a real Request, the
 * route's params. Whatever the route returns or throws (a Response — redirects, refusals, JSON —,
 * Remix's `data()` with its status, or plain loader data) comes back as one `Answer`.
 */

export type RouteModule = { loader?: unknown; action?: unknown }

export interface Answer<Body = Record<string, unknown>> {
  status: number
  headers: Headers
  /** A redirect's Location (null for any other answer). */
  location: string | null
  /** Loader data, an action's `data()`, a JSON answer's body; `{ text }` for other text, `{}` for none. */
  body: Body
  /** The snackbar message a redirect carries. */
  flash: Flash | null
  /** Whether the answer clears the session cookie (a sign-out). */
  signsOut: boolean
  /** Whether the route threw it (a guard's refusal, an error for the ErrorBoundary). */
  thrown: boolean
}

/** Fields of a form: string pairs, a record (arrays repeat a field, a File makes it multipart), or FormData. */
export type FormFields = Record<string, string | number | File | (string | File)[]> | [string, string][] | FormData

const ORIGIN = 'http://localhost'
const CONTEXT = { clientIp: '127.0.0.1', requestId: 'vitest', cspNonce: 'vitest' }
const SAME_ORIGIN = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }

/** A new session of a user (a demo user, or one a test made): its token, its cookie (`name=value`), the user's id. */
export async function sessionFor(username: string): Promise<{ token: string; cookie: string; userId: number }> {
  const [user] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!user) throw new Error(`No user ${username}`)
  return sessionOf(user.id)
}

/** A new session of a user by id. */
export async function sessionOf(userId: number): Promise<{ token: string; cookie: string; userId: number }> {
  const { token } = await openSession(testDb(), { userId, ip: '127.0.0.1', userAgent: 'vitest' })
  const cookie = (await commitSessionToken(new Request(`${ORIGIN}/`), token)).split(';')[0]!
  return { token, cookie, userId }
}

/** The session cookie (`name=value`) of a new session of a user. */
export async function cookieFor(username: string): Promise<string> {
  return (await sessionFor(username)).cookie
}

/**
 * Session cookies of demo users for a whole file: each signed in once before its tests
 * (`const as = signedIn('admin', 'readonly')`, then `as.admin`); a test that signs one out signs it in
 * again by assigning a new `cookieFor`.
 */
export function signedIn<Name extends string>(...usernames: Name[]): Record<Name, string> {
  const cookies = {} as Record<Name, string>
  beforeAll(async () => {
    for (const username of usernames) cookies[username] = await cookieFor(username)
  })
  return cookies
}

/** A signed-in user in no group (no scopes at all); made the first time a file asks. */
export async function userWithoutScopes(username = 'no.scopes'): Promise<string> {
  const [found] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!found)
    await testDb()
      .insert(users)
      .values({ username, passwordHash: await hashPassword('No-scopes-pass-1') })
  return cookieFor(username)
}

/** A new signed-in user whose one group holds exactly these scopes. */
export async function userWithScopes(username: string, scopeNames: string[]): Promise<string> {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword('Scoped-user-pass-1') })
    .returning({ id: users.id })
  const [group] = await testDb()
    .insert(authGroups)
    .values({ name: `${username}-group` })
    .returning({ id: authGroups.id })
  await testDb().insert(authGroupUsers).values({ groupId: group!.id, userId: user!.id })
  const found = await testDb().select({ id: scopes.id }).from(scopes).where(inArray(scopes.name, scopeNames))
  if (found.length !== scopeNames.length) throw new Error(`Unknown scope among ${scopeNames.join(', ')}`)
  await testDb()
    .insert(authGroupScopes)
    .values(found.map((scope) => ({ groupId: group!.id, scopeId: scope.id })))
  return cookieFor(username)
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

async function answerOf(value: unknown, thrown: boolean): Promise<Answer<never>> {
  if (value instanceof Response) {
    const cookies = value.headers.getSetCookie()
    const flashCookie = cookies.find((cookie) => cookie.startsWith('mga_flash='))
    const { flash } = flashCookie
      ? await consumeFlash(new Request(`${ORIGIN}/`, { headers: { Cookie: flashCookie.split(';')[0]! } }))
      : { flash: null }
    const text = await value.text()
    let body: unknown = {}
    try {
      body = text ? JSON.parse(text) : {}
    } catch {
      body = { text }
    }
    return {
      status: value.status,
      headers: value.headers,
      location: value.headers.get('Location'),
      body: body as never,
      flash,
      signsOut: cookies.some(
        (cookie) => !cookie.startsWith('mga_flash=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie),
      ),
      thrown,
    }
  }
  const [status, headers, body] = isData(value)
    ? [value.init?.status ?? 200, new Headers(value.init?.headers), value.data]
    : [200, new Headers(), value]
  return { status, headers, location: null, body: body as never, flash: null, signsOut: false, thrown }
}

/** Calls a loader or action with a Request as Remix would; what it answers or throws is the answer. */
export async function run<Body = Record<string, unknown>>(
  handler: unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer<Body>> {
  if (typeof handler !== 'function') throw new Error(`The route module has no function for ${request.method}.`)
  let value: unknown
  try {
    value = await (handler as (args: unknown) => unknown)({ request, params, context: CONTEXT })
  } catch (error) {
    // A test's own mistake (or a bug the route does not turn into an answer) fails the test as it is.
    if (!(error instanceof Response) && !isData(error)) throw error
    return answerOf(error, true)
  }
  return answerOf(value, false)
}

const cookieHeader = (cookie: string | null): Record<string, string> => (cookie ? { Cookie: cookie } : {})

/**
 * A GET of a page or API route (its loader) as `cookie`'s user (null or '': signed out); `headers` as a
 * browser sends them (`Sec-Fetch-Site: cross-site` for a link followed from another site; none: a client
 * without browser headers, which counts as same-origin).
 */
export function get<Body = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Answer<Body>> {
  const request = new Request(`${ORIGIN}${path}`, { headers: { ...cookieHeader(cookie), ...headers } })
  return run(module.loader, request, params)
}

function formBody(fields: FormFields): FormData | URLSearchParams {
  if (fields instanceof FormData || Array.isArray(fields))
    return fields instanceof FormData ? fields : new URLSearchParams(fields)
  const entries = Object.entries(fields).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [key, item] as const),
  )
  if (entries.some(([, item]) => item instanceof File)) {
    const form = new FormData()
    for (const [key, item] of entries) form.append(key, item instanceof File ? item : String(item))
    return form
  }
  return new URLSearchParams(entries.map(([key, item]) => [key, String(item)]))
}

/**
 * A form POST to a route's action, urlencoded or multipart when it holds a File; `headers` as the
 * browser sends them, by default those of a form on the app itself (same-origin).
 */
export function post<Body = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  path: string,
  params: Record<string, string>,
  fields: FormFields,
  headers: Record<string, string> = SAME_ORIGIN,
): Promise<Answer<Body>> {
  const request = new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { ...headers, ...cookieHeader(cookie) },
    body: formBody(fields),
  })
  return run(module.action, request, params)
}

/**
 * The form POSTs of one page without route params, bound to it: `const toLogin = postTo(login, '/login')`,
 * then `toLogin(cookie, fields)`, or `toLogin(cookie, fields, '?redirectTo=…')` with a query of its own.
 */
export const postTo =
  (module: RouteModule, path: string) =>
  <Body = Record<string, unknown>>(cookie: string | null, fields: FormFields, query = '') =>
    post<Body>(module, cookie, `${path}${query}`, {}, fields)

/** A form refused field by field: 400 with Conform's reply holding these fields' messages (word for word). */
export function expectFieldErrors(answer: Answer<unknown>, errors: Record<string, string[]>) {
  expect(answer.status).toBe(400)
  expect(answer.body).toMatchObject({ intent: '', result: { error: errors } })
}

/** The hidden fields of a row's form: its id and the version it was read at. */
export const idAndVersion = (row: { id: number; version: number }) => ({
  id: String(row.id),
  version: String(row.version),
})

/**
 * A request to an API route with a JSON body (a FormData is sent as it is, an upload; none: no body):
 * GET and HEAD go to its loader, any other method to its action.
 */
export function api<Body = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  method: string,
  path: string,
  params: Record<string, string> = {},
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<Body>> {
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers: {
      ...cookieHeader(cookie),
      ...(json === undefined || json instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: json === undefined || json instanceof FormData ? json : JSON.stringify(json),
  })
  return run(method === 'GET' || method === 'HEAD' ? module.loader : module.action, request, params)
}
