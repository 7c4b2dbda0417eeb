import type { ActionFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NoteRuleError } from '#app/models/note.server'
import { createTranlog } from '#app/models/tranlog.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { tranlogCreateSchema } from '#app/schemas/email.server'

const ROUTE = '/api/tranlogs'

export async function loader({ request }: ActionFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}

/**
 * POST /api/tranlogs: a log row added by hand (a fax or letter sent outside the app) on a note the
 * user may edit. Body: nid, type (email, fax, letter), status (queued, sent, failed), queued, sent,
 * note. 201 with the row.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['POST'])
  }
  const user = await requireUser(request, ROUTE)
  const body = await readBody(request, tranlogCreateSchema)
  try {
    return Response.json(await createTranlog(getDb(), body, { id: user.id, username: user.username, isAdmin: user.isAdmin }), { status: 201 })
  } catch (error) {
    if (error instanceof NoteRuleError) return apiError(error.status, error.status === 404 ? 'NOT_FOUND' : error.status === 400 ? 'INVALID_PARAMS' : 'FORBIDDEN', error.message)
    throw error
  }
}
