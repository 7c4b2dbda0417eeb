import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser, type CurrentUser } from '#app/auth/guard.server'
import { readUploads } from '#app/features/note-editor/files.server'
import { getDb } from '#app/db/client.server'
import { MAX_UPLOAD_MESSAGE, UPLOAD_ERROR } from '#app/domain/files'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { NotFoundError } from '#app/models/change-log.server'
import { uploadNoteFiles } from '#app/models/file.server'
import { attachNoteFiles, detachNoteFiles, getNote, noteFiles, noteRights, NoteRuleError, replaceNoteFiles } from '#app/models/note.server'
import { readBody, readMultipart, readQuery } from '#app/http/api.server'
import { idList, loidsBody, noteFilesQuery } from '#app/schemas/note-editor-api'
import { z } from 'zod'

const ROUTE = '/api/notes/:id/files'

function noteId(param: string | undefined): number | null {
  const nid = Number(param)
  return /^\d{1,10}$/.test(param ?? '') && nid > 0 && nid < 2 ** 31 ? nid : null
}

const actorOf = (user: CurrentUser) => ({ id: user.id, username: user.username, isAdmin: user.isAdmin })

/** GET /api/notes/{id}/files?fields=…: the note's files (Admin files for admins only). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const { fields } = readQuery(request, noteFilesQuery)
  const nid = noteId(params.id)
  const note = nid ? await getNote(getDb(), nid, user) : null
  if (!nid || !note) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.noteFilesFailed)
  const rows = await noteFiles(getDb(), nid, user)
  return Response.json(fields.length ? rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key === 'loidfid' || fields.includes(key)))) : rows)
}

/**
 * POST {loids} attaches firm files to the note (a multipart body with `file`, `fileDescription` and
 * `fileType` uploads new ones instead); PUT [loids] makes the note's files exactly that list; DELETE
 * ?loids=a,b detaches. Writes need note-edit and the note in the user's name (admin regardless).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  if (!['POST', 'PUT', 'DELETE'].includes(request.method)) return Response.json({ status: 'METHOD_NOT_ALLOWED', message: 'Use GET, POST, PUT or DELETE for this address.' }, { status: 405, headers: { Allow: 'GET, POST, PUT, DELETE' } })
  const db = getDb()
  const nid = noteId(params.id)
  const note = nid ? await getNote(db, nid, user) : null
  if (!nid || !note) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
  const rights = noteRights(note, { ...user, canEdit: hasScope(user, 'note-edit') })
  if (!rights.edit) return apiError(403, 'FORBIDDEN', note.staff && !rights.owner ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName)
  const actor = actorOf(user)
  try {
    if (request.method === 'DELETE') {
      const { loids } = readQuery(request, z.object({ loids: idList('loid') }))
      if (loids.length === 0) return apiError(400, 'INVALID_PARAMS', 'loids: name the files to detach (loids=a,b).')
      return Response.json(await detachNoteFiles(db, nid, loids, actor))
    }
    if (request.method === 'POST' && (request.headers.get('Content-Type') ?? '').includes('multipart/form-data')) {
      if (!hasScope(user, 'firmfile-upload')) return apiError(403, 'FORBIDDEN', 'You do not have permission to upload files.')
      const form = await readMultipart(request, MAX_UPLOAD_MESSAGE)
      const read = await readUploads(form, user)
      if ('status' in read) return apiError(read.status, read.status === 403 ? 'FORBIDDEN' : read.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INVALID_PARAMS', read.alert?.text ?? UPLOAD_ERROR)
      const created = await uploadNoteFiles(db, nid, read.files, user)
      return Response.json({ files: created, warning: read.warning ?? null }, { status: 201 })
    }
    const loids = await readBody(request, loidsBody)
    if (request.method === 'POST') return Response.json(await attachNoteFiles(db, nid, loids, actor))
    return Response.json(await replaceNoteFiles(db, nid, loids, actor))
  } catch (error) {
    if (error instanceof NoteRuleError) return apiError(error.status, error.status === 400 ? 'INVALID_PARAMS' : error.status === 404 ? 'NOT_FOUND' : 'FORBIDDEN', error.message)
    // The note was deleted between the rights check and the upload.
    if (error instanceof NotFoundError) return apiError(404, 'NOT_FOUND', NOTE_MESSAGES.loadFailed)
    throw error
  }
}
