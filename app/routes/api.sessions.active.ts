import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { activeSessions } from '#app/models/hours.server'

// GET /api/sessions/active?orders=username: who is signed in now, with their phones.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/sessions/active')
  return Response.json(await activeSessions(getDb()))
}
