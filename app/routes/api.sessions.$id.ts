import { canSeeOthersHours } from '#app/auth/abilities'
import { type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { DomainError, ForbiddenError, NotFoundError } from '#app/domain/errors'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { deleteLeave, getSessionRow, updateLeave } from '#app/models/hours.server'
import { sessionUpdateSchema } from '#app/schemas/hours'

async function ownedSession(user: CurrentUser, param: string | undefined) {
  const row = await getSessionRow(getDb(), requireId(param, 'session'))
  if (!row) throw new NotFoundError('No such session.')
  if (row.user_id !== user.id && !canSeeOthersHours(user))
    throw new ForbiddenError('You may see only your own sessions.')
  return row
}

/** Sign-ins are a record: only leave entries change. */
async function leaveEntry(user: CurrentUser, param: string | undefined) {
  const row = await ownedSession(user, param)
  if (!row.type || row.type === 'Manual Logout' || row.type === 'Automatic Logout') {
    throw new DomainError('Sign-in sessions cannot be changed; only leave entries can.', 'NOT_EDITABLE', 409)
  }
  return row
}

// GET /api/sessions/{id}; PUT {type, login, logout} and DELETE: leave entries only.
const api = apiRoute('/api/sessions/:id', {
  GET: ({ params, user }) => ownedSession(user, params.id),
  PUT: async ({ request, params, user }) => {
    const row = await leaveEntry(user, params.id)
    const body = await readBody(request, sessionUpdateSchema)
    await updateLeave(getDb(), row.id, body, user.id)
    return getSessionRow(getDb(), row.id)
  },
  DELETE: async ({ params, user }) => {
    const row = await leaveEntry(user, params.id)
    await deleteLeave(getDb(), row.id, user.id)
    return { status: 'DELETED' }
  },
})

export const loader = api.loader
export const action = api.action
