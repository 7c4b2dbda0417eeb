import { eq } from 'drizzle-orm'
import { hashPassword } from '#app/domain/password-hash.server'
import { users } from '#app/db/schema'
import { testDb } from './db'
import { cookieFor } from './page-route-calls'

export { cookieFor }

/** A route module as the build has it: its loader and action. */
export type RouteModule = {
  loader?: (args: never) => Promise<unknown>
  action?: (args: never) => Promise<unknown>
}

export interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Headers
}

/** A signed-in user in no group (no scopes at all), made once per test file. */
export async function userWithoutScopes(username = 'no.scopes'): Promise<string> {
  const [found] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!found)
    await testDb()
      .insert(users)
      .values({ username, passwordHash: await hashPassword('No-scopes-pass-1') })
  return cookieFor(username)
}

/**
 * Calls a route module as a signed-in user through its real guard, as Remix would: GET (and HEAD) to
 * the loader, other methods to the action; a thrown Response is the answer. JSON bodies are read as
 * JSON, anything else as text (`body` is then `{ text }`).
 */
export async function callRoute<T = Record<string, unknown>>(
  module: RouteModule,
  cookie: string | null,
  method: string,
  path: string,
  params: Record<string, string> = {},
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = {}
  if (cookie) headers.Cookie = cookie
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const handler = (method === 'GET' ? module.loader : module.action) as (args: unknown) => Promise<unknown>
  let answer: unknown
  try {
    answer = await handler({ request, params, context: { clientIp: '127.0.0.1', requestId: `vitest-${path}` } })
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isData(thrown)) throw thrown
    answer = thrown
  }
  // A page loader answers plain data, or data(…, init) (Remix's DataWithResponseInit).
  if (isData(answer))
    return { status: answer.init?.status ?? 200, body: answer.data as T, headers: new Headers(answer.init?.headers) }
  if (!(answer instanceof Response)) return { status: 200, body: answer as T, headers: new Headers() }
  const response = answer
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : {}
  } catch {
    parsed = { text }
  }
  return { status: response.status, body: parsed as T, headers: response.headers }
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}
