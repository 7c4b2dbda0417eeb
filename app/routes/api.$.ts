import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { matchRoute, type Method } from '#app/auth/scopes'
import { methodNotAllowed } from '#app/http/api.server'
import { apiError } from '#app/http/errors.server'

// Unknown API paths answer JSON 404. A call of the spec's tables that this build does not serve yet
// is still guarded by its own rule first (401/403 before 404).
async function notFound({ request }: { request: Request }): Promise<Response> {
  const known = matchRoute(new URL(request.url).pathname)
  if (known?.api) {
    const methods = Object.keys(known.rules)
    if (!known.rules[request.method as Method] && !known.rules['*']) return methodNotAllowed(methods)
    await requireUser(request, known.path)
  } else {
    await requireUser(request, '/api/*')
  }
  return apiError(404, 'NOT_FOUND', 'This API call is not available.')
}

export const loader = (args: LoaderFunctionArgs) => notFound(args)
export const action = (args: ActionFunctionArgs) => notFound(args)
