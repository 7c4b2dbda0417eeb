import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import {
  TRANLOG_MESSAGES,
  deleteTranlog,
  listTranlogs,
  noteForTranlog,
  updateTranlog,
} from '#app/models/tranlog.server'
import { tranlogUpdateSchema } from '#app/schemas/email.server'

/**
 * One path, two meanings, as the spec's calls have it (spec 2 §7): GET /api/tranlogs/{nid} reads a
 * NOTE's log (the id is a note id), while PUT and DELETE /api/tranlogs/{id} change one log ROW (the id
 * is a tranlog id; admin group only, said by the model). The registry has the one pattern for all three.
 */
const api = apiRoute('/api/tranlogs/:id', {
  GET: async ({ params, user }) => {
    const nid = requireId(params.id, 'note', NOTE_MESSAGES.loadFailed)
    const db = getDb()
    await noteForTranlog(db, nid, user)
    return listTranlogs(db, nid)
  },
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'tranlog', TRANLOG_MESSAGES.notFound)
    const changes = await readBody(request, tranlogUpdateSchema)
    return updateTranlog(getDb(), id, changes, { id: user.id, username: user.username, isAdmin: user.isAdmin })
  },
  DELETE: async ({ params, user }) => {
    const id = requireId(params.id, 'tranlog', TRANLOG_MESSAGES.notFound)
    const removed = await deleteTranlog(getDb(), id, { id: user.id, username: user.username, isAdmin: user.isAdmin })
    return { status: 'DELETED', id: removed.id }
  },
})

export const loader = api.loader
export const action = api.action
