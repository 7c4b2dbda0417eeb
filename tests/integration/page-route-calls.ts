import { eq } from 'drizzle-orm'
import { commitSessionToken } from '#app/auth/session.server'
import { users } from '#app/db/schema'
import { consumeFlash, type Flash } from '#app/http/flash.server'
import { openSession } from '#app/models/session.server'
import { testDb } from './db'

/**
 * Calls a page route module's loader and action as the browser would (a signed-in request through the
 * route's real guard), and reads every answer the factories give the same way: a Response (redirects,
 * refusals), Remix's `data()` (the intent-error shape with its status) or a plain loader value.
 */

type RouteFunction = (args: never) => unknown
export interface RouteModule {
  loader?: RouteFunction
  action?: RouteFunction
}

export interface Answer {
  status: number
  /** The redirect's target, when it is one. */
  location: string | null
  /** The loader's or action's data (the body of a JSON Response). */
  data: Record<string, unknown>
  /** The snackbar message a redirect carries. */
  flash: Flash | null
  /** Whether the answer clears the session cookie (a sign-out). */
  signsOut: boolean
}

/** The session cookie of a new session of a user (a demo user, or one a test made); the one helper of every route-call module. */
export async function cookieFor(username: string): Promise<string> {
  const [user] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!user) throw new Error(`No user ${username}`)
  const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: 'vitest' })
  return (await commitSessionToken(new Request('http://localhost/'), token)).split(';')[0]
}

function isData(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

async function answerOf(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    const cookies = value.headers.getSetCookie()
    const flashCookie = cookies.find((cookie) => cookie.startsWith('mga_flash='))
    const { flash } = flashCookie
      ? await consumeFlash(new Request('http://localhost/', { headers: { Cookie: flashCookie.split(';')[0] } }))
      : { flash: null }
    const text = await value.text()
    let data: Record<string, unknown> = {}
    try {
      data = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      data = { text }
    }
    return {
      status: value.status,
      location: value.headers.get('Location'),
      data,
      flash,
      signsOut: cookies.some(
        (cookie) => !cookie.startsWith('mga_flash=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie),
      ),
    }
  }
  if (isData(value))
    return {
      status: value.init?.status ?? 200,
      location: null,
      data: value.data as Record<string, unknown>,
      flash: null,
      signsOut: false,
    }
  return { status: 200, location: null, data: value as Record<string, unknown>, flash: null, signsOut: false }
}

/**
 * A GET of a page (its loader), as `cookie`'s user (null: signed out); `headers` as a browser sends
 * them (`Sec-Fetch-Site: cross-site` for a link followed from another site; none: a client without
 * browser headers, which counts as same-origin).
 */
export async function getPage(
  module: RouteModule,
  cookie: string | null,
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, {
    headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
  })
  return call(module.loader!, request, params)
}

/** A form POST to a page (its action), as `cookie`'s user; `form` is its fields (FormData for files). */
export async function postPage(
  module: RouteModule,
  cookie: string | null,
  path: string,
  params: Record<string, string>,
  form: Record<string, string> | FormData,
): Promise<Answer> {
  const body = form instanceof FormData ? form : new URLSearchParams(form)
  const headers: Record<string, string> = {
    Origin: 'http://localhost',
    'Sec-Fetch-Site': 'same-origin',
    ...(cookie ? { Cookie: cookie } : {}),
  }
  const request = new Request(`http://localhost${path}`, { method: 'POST', headers, body })
  return call(module.action!, request, params)
}

async function call(handler: RouteFunction, request: Request, params: Record<string, string>): Promise<Answer> {
  const args = { request, params, context: { clientIp: '127.0.0.1', requestId: 'page-route-calls' } } as never
  try {
    return await answerOf(await handler(args))
  } catch (thrown) {
    return answerOf(thrown)
  }
}
