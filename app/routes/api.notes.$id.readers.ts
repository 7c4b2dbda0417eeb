import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { getNote, markNoteRead, noteReadersOf } from '#app/models/note.server'
import { methodNotAllowed } from '#app/http/api.server'

const ROUTE = '/api/notes/:id/readers'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}

/** POST /api/notes/{id}/readers: the signed-in user has read the note now; answers the readers (uname, readers_stamp). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['POST'])
  }
  const user = await requireUser(request, ROUTE)
  const nid = Number(params.id)
  const db = getDb()
  const note = /^\d{1,10}$/.test(params.id ?? '') && nid > 0 && nid < 2 ** 31 ? await getNote(db, nid, user) : null
  if (!note) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
  await markNoteRead(db, note.nid, user.username)
  return Response.json({ nid: note.nid, readers: await noteReadersOf(db, note.nid) })
}
