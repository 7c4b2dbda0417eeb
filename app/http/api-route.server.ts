import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getOptionalUser, type CurrentUser } from '#app/auth/guard.server'
import { accessRule } from '#app/auth/scopes'
import { methodNotAllowed } from './api.server'
import { apiErrorFrom } from './errors.server'
import { requireUser } from './guard.server'
import type { RoutePattern } from './page-route.server'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ApiContext<User = CurrentUser> {
  request: Request
  params: LoaderFunctionArgs['params']
  user: User
}

/** requireUser's options for every method of the route (the idle relogin calls allow a timed-out session). */
export type GuardOptions = NonNullable<Parameters<typeof requireUser>[2]>

export type ApiHandler<User = CurrentUser> = (
  context: ApiContext<User>,
) => Promise<Response | unknown> | Response | unknown

/** A feature's handlers of one API address, by method (`features/<f>/api.server.ts`); the route module passes them to apiRoute. */
export type ApiHandlers<User = CurrentUser> = Partial<Record<Method, ApiHandler<User>>>

/** The handlers of a public API address (the sign-in calls): the user, when one is signed in. */
export type PublicApiHandlers = ApiHandlers<CurrentUser | null>

/**
 * One JSON API resource route: `const api = apiRoute('/api/x/:id', { GET, PUT })`, then
 * `export const loader = api.loader` and `export const action = api.action` (Remix strips only named
 * `loader`/`action` exports from the client build, not a destructuring: keep the two lines).
 * Each method is guarded with the registry pattern (so the registry's per-method rule applies; the
 * API's 404 splat gives the pattern of the address asked for, so a call of the spec this build lacks
 * keeps its own rule), a method not listed answers 405 with `Allow` (after the sign-in check), DomainErrors become their JSON
 * answers, and a handler's plain value is sent as JSON. A public address (`{ public: true }`: the
 * sign-in calls, whose registry rule is PUBLIC) is not guarded: its handlers get the signed-in user or
 * null, looked up with the guard's `countActivity`.
 */
export function apiRoute(
  pattern: RoutePattern,
  handlers: ApiHandlers,
  guard?: GuardOptions & { public?: false },
): ReturnType<typeof routeFunctions>
export function apiRoute(
  pattern: RoutePattern,
  handlers: PublicApiHandlers,
  guard: GuardOptions & { public: true },
): ReturnType<typeof routeFunctions>
export function apiRoute(
  pattern: RoutePattern,
  handlers: ApiHandlers | PublicApiHandlers,
  guard: GuardOptions & { public?: boolean } = {},
) {
  return routeFunctions(pattern, handlers as PublicApiHandlers, guard)
}

function routeFunctions(
  pattern: RoutePattern,
  handlers: PublicApiHandlers,
  { public: open, ...guard }: GuardOptions & { public?: boolean },
) {
  const allowed = (Object.keys(handlers) as Method[]).filter((method) => handlers[method])
  // A public address answers anyone: only where the registry says so for each method it serves.
  if (open && typeof pattern === 'string')
    for (const method of allowed)
      if (accessRule(pattern, method).kind !== 'public')
        throw new Error(`${method} ${pattern} is not public in the scope registry (app/auth/scopes.ts).`)

  async function handle(request: Request, params: LoaderFunctionArgs['params']): Promise<Response> {
    const path = typeof pattern === 'string' ? pattern : pattern(request)
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as Method
    const handler = handlers[method]
    // The guard's session lookup too: a lost database answers 503, not 500.
    try {
      if (!handler) {
        if (!open) await requireUser(request, '/api/*')
        return methodNotAllowed(allowed)
      }
      const user = open
        ? await getOptionalUser(request, { countActivity: guard.countActivity })
        : await requireUser(request, path, guard)
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
