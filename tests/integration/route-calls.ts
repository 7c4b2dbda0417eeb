import { eq } from 'drizzle-orm'
import { commitSessionToken } from '#app/auth/session.server'
import { users } from '#app/db/schema'
import { openSession } from '#app/models/session.server'
import { testDb } from './db'

/**
 * Calls a route module's loader or action as the browser would, through its real guard: a signed-in
 * session cookie (a demo user's), a real Request, the route's params. Whatever the route answers or
 * throws (a redirect, a `data()` with its status, JSON, loader data) comes back as one outcome.
 */

export type RouteModule = { loader?: unknown; action?: unknown }

export interface Outcome<Body = Record<string, unknown>> {
  status: number
  /** A redirect's Location. */
  location: string | null
  /** Loader data, an action's `data()`, or a JSON answer's body. */
  body: Body
  /** The flash cookie a redirect sets, if any. */
  setCookie: string | null
}

/** A session cookie for a demo user (by username). */
export async function cookieFor(username: string): Promise<string> {
  const [user] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!user) throw new Error(`No user ${username}`)
  const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: 'vitest' })
  return (await commitSessionToken(new Request('http://localhost/'), token)).split(';')[0]!
}

async function outcomeOf(value: unknown): Promise<Outcome<never>> {
  if (value instanceof Response) {
    const type = value.headers.get('Content-Type') ?? ''
    const body = type.includes('json') ? await value.json() : await value.text()
    return {
      status: value.status,
      location: value.headers.get('Location'),
      body: body as never,
      setCookie: value.headers.get('Set-Cookie'),
    }
  }
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit') {
    const { data, init } = value as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null }
    return { status: init?.status ?? 200, location: null, body: data as never, setCookie: null }
  }
  return { status: 200, location: null, body: value as never, setCookie: null }
}

async function run(handler: unknown, request: Request, params: Record<string, string>): Promise<Outcome<never>> {
  try {
    const answer = await (handler as (args: unknown) => Promise<unknown>)({
      request,
      params,
      context: { clientIp: '127.0.0.1', requestId: 'route-calls' },
    })
    return outcomeOf(answer)
  } catch (thrown) {
    return outcomeOf(thrown)
  }
}

/** GET a page or API route (its loader). `cookie` null: anonymous. */
export function get<Body = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Outcome<Body>> {
  const request = new Request(`http://localhost${path}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  })
  return run(module.loader, request, params)
}

/** POST a form (urlencoded, or multipart when it holds a File) to a page route's action. */
export function post<Body = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | number | File | (string | File)[]>,
): Promise<Outcome<Body>> {
  const multipart = Object.values(fields).some((value) =>
    Array.isArray(value) ? value.some((v) => v instanceof File) : value instanceof File,
  )
  let body: FormData | URLSearchParams
  if (multipart) {
    const form = new FormData()
    for (const [key, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value])
        form.append(key, item instanceof File ? item : String(item))
    body = form
  } else {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
    body = search
  }
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
    body,
  })
  return run(module.action, request, params)
}

/** A JSON request to an API route (its action for any method but GET). */
export function api<Body = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  method: string,
  path: string,
  params: Record<string, string> = {},
  json?: unknown,
): Promise<Outcome<Body>> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  if (json !== undefined) headers['Content-Type'] = 'application/json'
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  return run(method === 'GET' || method === 'HEAD' ? module.loader : module.action, request, params)
}

/** The flash message a redirect sets (the signed cookie's payload), or null. */
export function flashOf(setCookie: string | null): { message: string; kind: string } | null {
  const value = /mga_flash=([^.;]+)/.exec(setCookie ?? '')?.[1]
  return value ? (JSON.parse(Buffer.from(decodeURIComponent(value), 'base64').toString('utf8')) as never) : null
}
