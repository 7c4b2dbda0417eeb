import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser, type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { deleteLeave, getSessionRow, updateLeave } from '#app/models/hours.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { sessionUpdateSchema } from '#app/schemas/hours'

async function ownedSession(user: CurrentUser, rawId: string | undefined) {
  const id = Number(rawId)
  if (!Number.isInteger(id) || id < 1) throw apiError(400, 'INVALID_PARAMS', 'The session id must be a positive whole number.')
  const row = await getSessionRow(getDb(), id)
  if (!row) throw apiError(404, 'NOT_FOUND', 'There is no such session.')
  if (row.user_id !== user.id && !hasScope(user, 'hours-override')) {
    throw apiError(403, 'FORBIDDEN', 'You may see only your own sessions.')
  }
  return row
}

// GET /api/sessions/{id}
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/api/sessions/:id')
  return Response.json(await ownedSession(user, params.id))
}

// PUT /api/sessions/{id} {type, login, logout} and DELETE: leave entries only (sign-ins are a record).
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, '/api/sessions/:id')
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const row = await ownedSession(user, params.id)
  if (!row.type || row.type === 'Manual Logout' || row.type === 'Automatic Logout') {
    throw apiError(409, 'NOT_EDITABLE', 'Sign-in sessions cannot be changed; only leave entries can.')
  }
  if (request.method === 'DELETE') {
    await deleteLeave(getDb(), row.id, user.id)
    return Response.json({ status: 'DELETED' })
  }
  const body = await readBody(request, sessionUpdateSchema)
  await updateLeave(getDb(), row.id, body, user.id)
  return Response.json(await getSessionRow(getDb(), row.id))
}
