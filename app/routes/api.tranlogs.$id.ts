import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { NoteRuleError } from '#app/models/note.server'
import { TRANLOG_MESSAGES, deleteTranlog, listTranlogs, noteForTranlog, updateTranlog } from '#app/models/tranlog.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { tranlogUpdateSchema } from '#app/schemas/email.server'

/**
 * One path, two meanings, as the spec's calls have it (spec 2 §7): GET /api/tranlogs/{nid} reads a
 * NOTE's log (the id is a note id), while PUT and DELETE /api/tranlogs/{id} change one log ROW (the id
 * is a tranlog id). The registry has the one pattern /api/tranlogs/:id for all three methods.
 */
const ROUTE = '/api/tranlogs/:id'

function positiveId(param: string | undefined): number | null {
  const id = Number(param)
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null
}

function refused(error: unknown): Response {
  if (error instanceof NoteRuleError) {
    const code = error.status === 404 ? 'NOT_FOUND' : error.status === 400 ? 'INVALID_PARAMS' : error.status === 409 ? 'CONFLICT' : 'FORBIDDEN'
    return apiError(error.status, code, error.message)
  }
  throw error
}

/** GET /api/tranlogs/{nid}: the note's log rows, oldest first (404 when the note is not there for the user). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const nid = positiveId(params.id)
  const db = getDb()
  try {
    if (!nid) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
    await noteForTranlog(db, nid, user)
    return Response.json(await listTranlogs(db, nid))
  } catch (error) {
    return refused(error)
  }
}

/** PUT /api/tranlogs/{id} changes a row's type, status, queued, sent or note; DELETE removes it. Admin group only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  }
  const user = await requireUser(request, ROUTE)
  const actor = { id: user.id, username: user.username, isAdmin: user.isAdmin }
  const id = positiveId(params.id)
  const db = getDb()
  try {
    if (request.method === 'DELETE') {
      if (!id) return apiError(404, 'NOT_FOUND', TRANLOG_MESSAGES.notFound)
      const removed = await deleteTranlog(db, id, actor)
      return Response.json({ status: 'DELETED', id: removed.id })
    }
    const changes = await readBody(request, tranlogUpdateSchema)
    if (!id) return apiError(404, 'NOT_FOUND', TRANLOG_MESSAGES.notFound)
    return Response.json(await updateTranlog(db, id, changes, actor))
  } catch (error) {
    return refused(error)
  }
}
