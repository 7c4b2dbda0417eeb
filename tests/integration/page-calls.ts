import { consumeFlash, type Flash } from '#app/http/flash.server'
import { cookieFor } from './page-route-calls'

export { cookieFor }

/**
 * Calling a route module's loader and action as the browser would, through the factories' real guard:
 * a signed-in request (a session row and its cookie), the route's params, and the answer read the same
 * whatever way it came back (a returned or thrown Response, Remix's `data()`, or a plain object).
 */

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>
export interface RouteModule {
  loader?: Handler | ((args: never) => Promise<unknown>)
  action?: Handler | ((args: never) => Promise<unknown>)
}

export interface Answer<Body = Record<string, unknown>> {
  status: number
  headers: Headers
  /** The JSON or data the answer carries (null for a redirect or an empty body). */
  body: Body
  /** Where a redirect goes. */
  location: string | null
  /** Whether the answer was thrown (a refusal of the guard, an error for the ErrorBoundary). */
  thrown: boolean
}

async function answerOf(result: unknown, thrown: boolean): Promise<Answer> {
  if (result instanceof Response) {
    const text = await result.text()
    return {
      status: result.status,
      headers: result.headers,
      body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : null,
      location: result.headers.get('Location'),
      thrown,
    }
  }
  // Remix `data()`: { type: 'DataWithResponseInit', data, init }.
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null }
  if (wrapped && typeof wrapped === 'object' && wrapped.type === 'DataWithResponseInit')
    return {
      status: wrapped.init?.status ?? 200,
      headers: new Headers(wrapped.init?.headers),
      body: wrapped.data as Record<string, unknown>,
      location: null,
      thrown,
    }
  if (thrown) throw result
  return { status: 200, headers: new Headers(), body: result as Record<string, unknown>, location: null, thrown }
}

async function call(handler: RouteModule['loader'], request: Request, params: Record<string, string>) {
  if (!handler) throw new Error('The route module has no such function.')
  try {
    return await answerOf(
      await (handler as Handler)({ request, params, context: { clientIp: '127.0.0.1', requestId: 'vitest' } }),
      false,
    )
  } catch (error) {
    return answerOf(error, true)
  }
}

/** GET a page (its loader) as the user of `cookie` ('' for anonymous). */
export function getPage(module: RouteModule, path: string, cookie: string, params: Record<string, string> = {}) {
  return call(module.loader, new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params)
}

/** POST a form to a page (its action), as a browser's form does. */
export function postForm(
  module: RouteModule,
  path: string,
  cookie: string,
  fields: Record<string, string> | [string, string][],
  params: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  return call(module.action, request, params)
}

/** Call an API route with a JSON body (or none). */
export function callApi(
  module: RouteModule,
  method: string,
  path: string,
  cookie: string,
  params: Record<string, string> = {},
  body?: unknown,
) {
  const headers: Record<string, string> = { Cookie: cookie }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return call(method === 'GET' || method === 'HEAD' ? module.loader : module.action, request, params)
}

/** The snackbar message a redirect carries. */
export async function flashOf(answer: Answer<unknown>): Promise<Flash | null> {
  const cookie = answer.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('mga_flash='))
  if (!cookie) return null
  return (await consumeFlash(new Request('http://localhost/', { headers: { Cookie: cookie } }))).flash
}
