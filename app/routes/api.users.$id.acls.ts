import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { allowedUsersOf } from '#app/models/note-editor.server'

const ROUTE = '/api/users/:id/acls'

/**
 * GET /api/users/{id}/acls: the users this user may give notes to (allowed_users with username). A user
 * reads their own; the admin group and role editors read anyone's.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const id = Number(params.id)
  if (!/^\d{1,10}$/.test(params.id ?? '') || id <= 0 || id >= 2 ** 31) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.aclsFailed)
  if (id !== user.id && !user.isAdmin && !hasScope(user, 'role-edit')) return apiError(403, 'FORBIDDEN', 'You may read only your own ACL.')
  const acls = await allowedUsersOf(getDb(), id)
  if (!acls) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.aclsFailed)
  return Response.json(acls)
}
