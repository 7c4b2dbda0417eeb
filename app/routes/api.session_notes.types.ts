import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { listSessionNoteTypes } from '#app/models/session.server'

// GET /api/session_notes/types: the activities offered on the idle relogin form.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/session_notes/types', { allowTimedOut: true, countActivity: false })
  return Response.json(await listSessionNoteTypes(getDb()))
}
