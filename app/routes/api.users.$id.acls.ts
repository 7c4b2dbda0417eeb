import { canManageUsers } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { allowedUsersOf } from '#app/models/note-editor.server'

/**
 * GET /api/users/{id}/acls: the users this user may give notes to (allowed_users with username). A user
 * reads their own; the admin group and role editors read anyone's.
 */
const api = apiRoute('/api/users/:id/acls', {
  GET: async ({ params, user }) => {
    const id = requireId(params.id, 'user', NOTE_MESSAGES.aclsFailed)
    if (id !== user.id && !user.isAdmin && !canManageUsers(user))
      throw new ForbiddenError('You may read only your own ACL.')
    const acls = await allowedUsersOf(getDb(), id)
    if (!acls) throw new NotFoundError(NOTE_MESSAGES.aclsFailed)
    return acls
  },
})

export const loader = api.loader
export const action = api.action
