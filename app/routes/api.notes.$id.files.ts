import { z } from 'zod'
import { canEditNotes, canUploadFiles, fileTypeAccess } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, InvalidError, NotFoundError } from '#app/domain/errors'
import { MAX_UPLOAD_MESSAGE, allowedFileTypes } from '#app/domain/files'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { NOTE_UPLOAD_FIELDS } from '#app/features/note-editor/files.server'
import { readBody, readMultipart, readQuery } from '#app/http/api.server'
import { apiRoute, type ApiContext } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { readUploads } from '#app/http/uploads.server'
import { uploadNoteFiles } from '#app/models/file.server'
import {
  attachNoteFiles,
  detachNoteFiles,
  getNote,
  noteFiles,
  noteRights,
  replaceNoteFiles,
} from '#app/models/note.server'
import { idList, loidsBody, noteFilesQuery } from '#app/schemas/note-editor-api'

/** The note, when the user may change its files: note-edit and the note in their name (admin regardless). */
async function editableNote({ params, user }: ApiContext) {
  const note = await getNote(getDb(), requireId(params.id, 'note', NOTE_MESSAGES.loadFailed), user)
  if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
  const rights = noteRights(note, { ...user, canEdit: canEditNotes(user) })
  if (!rights.edit)
    throw new ForbiddenError(
      note.staff && !rights.owner ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName,
    )
  return note
}

const actorOf = ({ user }: ApiContext) => ({ id: user.id, username: user.username, isAdmin: user.isAdmin })

/**
 * GET /api/notes/{id}/files?fields=…: the note's files (Admin files for admins only).
 * POST {loids} attaches firm files to the note (a multipart body with `file`, `fileDescription` and
 * `fileType` uploads new ones instead); PUT [loids] makes the note's files exactly that list; DELETE
 * ?loids=a,b detaches. The model's NoteRuleErrors answer their status; a note deleted between the
 * rights check and the write is its NotFoundError.
 */
const api = apiRoute('/api/notes/:id/files', {
  GET: async ({ request, params, user }) => {
    const { fields } = readQuery(request, noteFilesQuery)
    const nid = requireId(params.id, 'note', NOTE_MESSAGES.noteFilesFailed)
    if (!(await getNote(getDb(), nid, user))) throw new NotFoundError(NOTE_MESSAGES.noteFilesFailed)
    const rows = await noteFiles(getDb(), nid, user)
    return fields.length
      ? rows.map((row) =>
          Object.fromEntries(Object.entries(row).filter(([key]) => key === 'loidfid' || fields.includes(key))),
        )
      : rows
  },
  POST: async (context) => {
    const { request, user } = context
    const note = await editableNote(context)
    if ((request.headers.get('Content-Type') ?? '').includes('multipart/form-data')) {
      if (!canUploadFiles(user)) throw new ForbiddenError('You do not have permission to upload files.')
      const read = await readUploads(
        await readMultipart(request, MAX_UPLOAD_MESSAGE),
        allowedFileTypes(fileTypeAccess(user)),
        NOTE_UPLOAD_FIELDS,
      )
      const created = await uploadNoteFiles(getDb(), note.nid, read.files, user)
      return Response.json({ files: created, warning: read.warning ?? null }, { status: 201 })
    }
    return attachNoteFiles(getDb(), note.nid, await readBody(request, loidsBody), actorOf(context))
  },
  PUT: async (context) => {
    const note = await editableNote(context)
    return replaceNoteFiles(getDb(), note.nid, await readBody(context.request, loidsBody), actorOf(context))
  },
  DELETE: async (context) => {
    const note = await editableNote(context)
    const { loids } = readQuery(context.request, z.object({ loids: idList('loid') }))
    if (loids.length === 0) throw new InvalidError('loids: name the files to detach (loids=a,b).')
    return detachNoteFiles(getDb(), note.nid, loids, actorOf(context))
  },
})

export const loader = api.loader
export const action = api.action
