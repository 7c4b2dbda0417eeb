import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { getNote, markNoteRead, noteReadersOf } from '#app/models/note.server'

/** POST /api/notes/{id}/readers: the signed-in user has read the note now; answers the readers (uname, readers_stamp). */
const api = apiRoute('/api/notes/:id/readers', {
  POST: async ({ params, user }) => {
    const db = getDb()
    const note = await getNote(db, requireId(params.id, 'note', NOTE_MESSAGES.loadFailed), user)
    if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
    await markNoteRead(db, note.nid, user.username)
    return { nid: note.nid, readers: await noteReadersOf(db, note.nid) }
  },
})

export const loader = api.loader
export const action = api.action
