import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { states } from '#app/models/list.server'

// GET /api/states: every jurisdiction (50 states, DC, territories), code and name, by code.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/states')
  return Response.json(await states(getDb()))
}
