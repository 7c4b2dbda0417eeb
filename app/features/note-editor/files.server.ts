import { actorOf } from '#app/models/note.server'
import { fileTypeAccess } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { allowedFileTypes, UPLOAD_ERROR } from '#app/domain/files'
import { idOfIntent } from '#app/domain/note-editor'
import { readUploads, UploadRefusal, type UploadedFile } from '#app/http/uploads.server'
import { uploadNoteFiles } from '#app/models/file.server'
import { attachNoteFiles, detachNoteFiles } from '#app/models/note.server'
import { EditorRefusal } from './editor.server'
import type { ViewOptions } from './view.server'

/** The editor's upload fields: a description per file, default type Other (spec 2 §2.7, §5). */
const NOTE_UPLOAD_FIELDS = { file: 'file', description: 'fileDescription', type: 'fileType' } as const

/**
 * Validated uploads of the editor's files section and of POST /api/notes/{id}/files: a description per
 * file, default type Other (spec 2 §2.7, §5). A refusal is an EditorRefusal with its status; a refused
 * form marks its upload rows.
 */
export async function readNoteUploads(
  form: FormData,
  user: CurrentUser,
): Promise<{ files: UploadedFile[]; warning?: string }> {
  const allowed = allowedFileTypes(fileTypeAccess(user))
  return readUploads(form, allowed, NOTE_UPLOAD_FIELDS).catch((error: unknown) => {
    if (!(error instanceof UploadRefusal)) throw error
    // A refused description or file shows in the files section's form.
    const shownInForm = error.status === 400
    throw new EditorRefusal(error.message, error.status, {
      upload: shownInForm ? { missing: error.missingDescription, error: error.message } : null,
    })
  })
}

type FileChange = { alert: NonNullable<ViewOptions['alert']> }
const done = (text: string, kind: 'info' | 'warning' = 'info'): FileChange => ({ alert: { kind, text } })

/** Upload new files to the note (intentAction has checked the user may upload; the caller, that they may edit it). */
export async function uploadToNote(nid: number, form: FormData, user: CurrentUser): Promise<FileChange> {
  const read = await readNoteUploads(form, user)
  try {
    await uploadNoteFiles(getDb(), nid, read.files, user)
  } catch {
    throw new EditorRefusal(UPLOAD_ERROR, 400)
  }
  const text = `${read.files.length === 1 ? 'File' : `${read.files.length} files`} uploaded.`
  return read.warning ? done(`${text} ${read.warning}`, 'warning') : done(text)
}

/** Attach the firm's files chosen (attachLoid) to the note. */
export async function attachToNote(nid: number, loids: number[], user: CurrentUser): Promise<FileChange> {
  if (loids.length === 0) throw new EditorRefusal('Choose the firm files to attach.', 400)
  await attachNoteFiles(getDb(), nid, loids, actorOf(user))
  return done(loids.length === 1 ? 'File attached.' : `${loids.length} files attached.`)
}

/** Take one file off the note (`detach:{loid}`); the file stays the firm's. */
export async function detachFromNote(nid: number, intent: string, user: CurrentUser): Promise<FileChange> {
  const loid = idOfIntent(intent, 'detach:')
  if (loid === null) throw new EditorRefusal('No such file.', 400)
  await detachNoteFiles(getDb(), nid, [loid], actorOf(user))
  return done('File removed from the note.')
}
