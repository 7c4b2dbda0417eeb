import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { nuStates } from '#app/models/list.server'

// GET /api/nu-states: the 50 states and DC, name and code, by name.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/nu-states')
  return Response.json(await nuStates(getDb()))
}
