import { canDeleteNotes } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { deleteNote, getNote, updateNote } from '#app/models/note.server'
import { noteChangesOf, noteUpdateBodySchema } from '#app/schemas/notes-api'

const noteId = (param: string | undefined) => requireId(param, 'note', NOTE_MESSAGES.loadFailed)

/**
 * GET /api/notes/{id}: the note entity with its version (send it back on PUT); 404 with the spec's
 * message. PUT saves the fields with the ownership and type/date/staff rules (the model's NoteRuleError
 * with its status, 409 with the current note on a stale version); DELETE removes it permanently (admin).
 */
const api = apiRoute('/api/notes/:id', {
  GET: async ({ params, user }) => {
    const note = await getNote(getDb(), noteId(params.id), { isAdmin: user.isAdmin })
    if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
    return note
  },
  PUT: async ({ request, params, user }) => {
    const nid = noteId(params.id)
    const body = await readBody(request, noteUpdateBodySchema)
    // The spec's inline-edit call: closed and incoming notes are refused to non-admins (spec 2 §4, §6).
    return updateNote(
      getDb(),
      nid,
      body.version,
      noteChangesOf(body),
      { id: user.id, username: user.username, isAdmin: user.isAdmin },
      { inline: true },
    )
  },
  DELETE: async ({ params, user }) => {
    if (!canDeleteNotes(user)) throw new ForbiddenError(NOTE_MESSAGES.deleteAdminOnly)
    const nid = noteId(params.id)
    await deleteNote(getDb(), nid, { id: user.id, username: user.username, isAdmin: user.isAdmin })
    return { status: 'DELETED', nid }
  },
})

export const loader = api.loader
export const action = api.action
