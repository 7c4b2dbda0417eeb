import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { letterTemplates } from '#app/models/letter.server'

const ROUTE = '/api/notes/forms'

/**
 * GET /api/notes/forms: the Letters templates of the note editor ({id, name, body}; the body's
 * placeholders {salutation}, {firm}, {signer}, {date}, {re}, {policy} are filled by the editor).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  return Response.json(await letterTemplates(getDb()))
}
