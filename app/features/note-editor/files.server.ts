import { canUploadFiles, fileTypeAccess } from '#app/auth/abilities'
import { type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { UPLOAD_ERROR, allowedFileTypes } from '#app/domain/files'
import { readUploads, UploadRefusal } from '#app/http/uploads.server'
import { uploadNoteFiles } from '#app/models/file.server'
import { attachNoteFiles, detachNoteFiles, NoteRuleError, type NoteEntity } from '#app/models/note.server'
import type { EditorView } from './types'
import { parseId } from '#app/domain/ids'

export interface FileOutcome {
  status: number
  alert: EditorView['alert']
  upload?: EditorView['upload']
}

const ok = (text: string, kind: 'info' | 'warning' = 'info'): FileOutcome => ({ status: 200, alert: { kind, text } })
const fail = (status: number, text: string, upload?: EditorView['upload']): FileOutcome => ({
  status,
  alert: { kind: 'error', text },
  upload,
})

/** The editor's upload fields: a description per file, default type Other (spec 2 §2.7, §5). */
export const NOTE_UPLOAD_FIELDS = { file: 'file', description: 'fileDescription', type: 'fileType' } as const

/** Upload, attach firm files, detach: the editor's file intents (the caller has checked the user may edit the note). */
export async function fileAction(
  intent: string,
  form: FormData,
  user: CurrentUser,
  note: NoteEntity,
): Promise<FileOutcome> {
  const db = getDb()
  const actor = { id: user.id, username: user.username, isAdmin: user.isAdmin }
  try {
    if (intent === 'upload') {
      if (!canUploadFiles(user)) return fail(403, 'You do not have permission to upload files.')
      const read = await readUploads(form, allowedFileTypes(fileTypeAccess(user)), NOTE_UPLOAD_FIELDS).catch(
        (error: unknown) => {
          if (!(error instanceof UploadRefusal)) throw error
          // A refused description or file shows in the files section's form.
          const shownInForm = error.status === 400
          return fail(
            error.status,
            error.message,
            shownInForm ? { missing: error.missingDescription, error: error.message } : undefined,
          )
        },
      )
      if ('status' in read) return read
      try {
        await uploadNoteFiles(db, note.nid, read.files, user)
      } catch {
        return fail(400, UPLOAD_ERROR)
      }
      const text = `${read.files.length === 1 ? 'File' : `${read.files.length} files`} uploaded.`
      return read.warning ? ok(`${text} ${read.warning}`, 'warning') : ok(text)
    }
    if (intent === 'attach') {
      const loids = form
        .getAll('attachLoid')
        .map(parseId)
        .filter((loid) => loid !== null)
      if (loids.length === 0) return fail(400, 'Choose the firm files to attach.')
      await attachNoteFiles(db, note.nid, loids, actor)
      return ok(loids.length === 1 ? 'File attached.' : `${loids.length} files attached.`)
    }
    const loid = parseId(intent.slice('detach:'.length))
    if (loid === null) return fail(400, 'No such file.')
    await detachNoteFiles(db, note.nid, [loid], actor)
    return ok('File removed from the note.')
  } catch (error) {
    if (error instanceof NoteRuleError) return fail(error.status, error.message)
    throw error
  }
}
