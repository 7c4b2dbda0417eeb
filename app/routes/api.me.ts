import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { minutesToParts } from '#app/domain/interval'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/api/me')
  return Response.json({
    id: user.id,
    username: user.username,
    auth_groups: user.authGroups,
    timeout: minutesToParts(user.timeoutMinutes),
    // Beyond the spec's fields: the client's session store keeps the user's scopes (spec 1 §3).
    scopes: user.scopes,
  })
}
