import { matchRoute, type Method } from '#app/auth/scopes'
import { NotFoundError } from '#app/domain/errors'
import { methodNotAllowed } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'

/**
 * The pattern an unknown API address is guarded with: a call of the spec's tables that this build
 * does not serve yet keeps its own rule (401/403 before 404), and a method the spec does not list for
 * it is a 405 with Allow (before the sign-in check, as for every unknown address); anything else is
 * '/api/*'.
 */
export function unknownApiPattern(request: Request): string {
  const known = matchRoute(new URL(request.url).pathname)
  if (!known?.api) return '/api/*'
  if (!known.rules[request.method as Method] && !known.rules['*']) throw methodNotAllowed(Object.keys(known.rules))
  return known.path
}

const notFound = () => {
  throw new NotFoundError('This API call is not available.')
}

/** Unknown API paths answer JSON 404, whatever the method. */
export const unknownApi: ApiHandlers = {
  GET: notFound,
  POST: notFound,
  PUT: notFound,
  PATCH: notFound,
  DELETE: notFound,
}
