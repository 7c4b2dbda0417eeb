import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { contactsOfType } from '#app/models/contact.server'

/** GET /api/contacts/type/{type} (Adjuster, Panel, …): cid, name1, sort and people of each contact. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, '/api/contacts/type/:type')
  const type = params.type ?? ''
  if (type.length > 60) return apiError(400, 'INVALID_PARAMS', 'type is at most 60 characters')
  return Response.json(await contactsOfType(getDb(), type))
}
