import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser, type CurrentUser } from '#app/auth/guard.server'
import { apiErrorFrom } from './errors.server'
import type { RoutePattern } from './page-route.server'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ApiContext {
  request: Request
  params: LoaderFunctionArgs['params']
  user: CurrentUser
}

/** requireUser's options for every method of the route (the idle relogin calls allow a timed-out session). */
export type GuardOptions = Parameters<typeof requireUser>[2]

export type ApiHandler = (context: ApiContext) => Promise<Response | unknown> | Response | unknown

/** A feature's handlers of one API address, by method (`features/<f>/api.server.ts`); the route module passes them to apiRoute. */
export type ApiHandlers = Partial<Record<Method, ApiHandler>>

/**
 * One JSON API resource route: `const api = apiRoute('/api/x/:id', { GET, PUT })`, then
 * `export const loader = api.loader` and `export const action = api.action` (Remix strips only named
 * `loader`/`action` exports from the client build, not a destructuring: keep the two lines).
 * Each method is guarded with the registry pattern (so the registry's per-method rule applies; the
 * API's 404 splat gives the pattern of the address asked for, so a call of the spec this build lacks
 * keeps its own rule), a method not listed answers 405 with `Allow` (after the sign-in check), DomainErrors become their JSON
 * answers, and a handler's plain value is sent as JSON.
 */
export function apiRoute(
  pattern: RoutePattern,
  handlers: Partial<Record<Method, ApiHandler>>,
  guard: GuardOptions = {},
) {
  const allowed = (Object.keys(handlers) as Method[]).filter((method) => handlers[method])

  async function handle(request: Request, params: LoaderFunctionArgs['params']): Promise<Response> {
    const path = typeof pattern === 'string' ? pattern : pattern(request)
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method
    const handler = handlers[method]
    if (!handler) {
      await requireUser(request, '/api/*')
      return Response.json(
        { status: 'METHOD_NOT_ALLOWED', message: `Use ${allowed.join(' or ')} for this address.` },
        { status: 405, headers: { Allow: allowed.join(', ') } },
      )
    }
    const user = await requireUser(request, path, guard)
    try {
      const result = await handler({ request, params, user })
      return result instanceof Response ? result : Response.json(result)
    } catch (error) {
      if (error instanceof Response) throw error
      return apiErrorFrom(error)
    }
  }

  return {
    loader: ({ request, params }: LoaderFunctionArgs) => handle(request, params),
    action: ({ request, params }: ActionFunctionArgs) => handle(request, params),
  }
}
