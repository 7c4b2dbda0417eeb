import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser, type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { ConflictError } from '#app/models/change-log.server'
import { NoteRuleError, deleteNote, getNote, updateNote } from '#app/models/note.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { noteChangesOf, noteUpdateBodySchema } from '#app/schemas/notes-api'

const ROUTE = '/api/notes/:id'

function noteId(param: string | undefined): number | null {
  const nid = Number(param)
  return Number.isInteger(nid) && nid > 0 && nid < 2 ** 31 ? nid : null
}

const notFound = () => apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
const actorOf = (user: CurrentUser) => ({ id: user.id, username: user.username, isAdmin: user.isAdmin })

function refused(error: unknown): Response {
  if (error instanceof ConflictError) return apiError(409, 'CONFLICT', error.message, { current: error.current })
  if (error instanceof NoteRuleError) {
    const code = error.status === 404 ? 'NOT_FOUND' : error.status === 400 ? 'INVALID_PARAMS' : error.status === 409 ? 'CONFLICT' : 'FORBIDDEN'
    return apiError(error.status, code, error.message)
  }
  throw error
}

/** GET /api/notes/{id}: the note entity with its version (send it back on PUT); 404 with the spec's message. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const nid = noteId(params.id)
  const note = nid ? await getNote(getDb(), nid, { isAdmin: user.isAdmin }) : null
  return note ? Response.json(note) : notFound()
}

/**
 * PUT /api/notes/{id} saves the note entity's fields with the ownership and type/date/staff rules (403
 * with the refusal, 409 with the current note on a stale version); DELETE removes it permanently (admin).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  }
  const user = await requireUser(request, ROUTE)
  const nid = noteId(params.id)
  const db = getDb()
  if (request.method === 'DELETE') {
    if (!user.isAdmin) return apiError(403, 'FORBIDDEN', NOTE_MESSAGES.deleteAdminOnly)
    if (!nid) return notFound()
    try {
      await deleteNote(db, nid, actorOf(user))
      return Response.json({ status: 'DELETED', nid })
    } catch (error) {
      return refused(error)
    }
  }
  const body = await readBody(request, noteUpdateBodySchema)
  if (!nid) return notFound()
  try {
    // The spec's inline-edit call: closed and incoming notes are refused to non-admins (spec 2 §4, §6).
    return Response.json(await updateNote(db, nid, body.version, noteChangesOf(body), actorOf(user), { inline: true }))
  } catch (error) {
    return refused(error)
  }
}
