import { hasScope, type CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import {
  DESCRIPTION_REQUIRED,
  FILE_TYPE_CODES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MESSAGE,
  UPLOAD_ERROR,
  allowedFileTypes,
  hasExtension,
  noExtensionWarning,
  type FileTypeName,
} from '#app/domain/files'
import { uploadNoteFiles, type NewFile } from '#app/models/file.server'
import { attachNoteFiles, detachNoteFiles, NoteRuleError, type NoteEntity } from '#app/models/note.server'
import type { EditorView } from './types'

export interface FileOutcome {
  status: number
  alert: EditorView['alert']
  upload?: EditorView['upload']
}

const ok = (text: string, kind: 'info' | 'warning' = 'info'): FileOutcome => ({ status: 200, alert: { kind, text } })
const fail = (status: number, text: string, upload?: EditorView['upload']): FileOutcome => ({ status, alert: { kind: 'error', text }, upload })

/** Validated uploads of the editor's files section: a description per file, default type Other (spec 2 §2.7, §5). */
export async function readUploads(form: FormData, user: CurrentUser): Promise<{ files: NewFile[]; warning?: string } | FileOutcome> {
  const allowed = allowedFileTypes({ isAdmin: user.isAdmin, formOverride: hasScope(user, 'firmfile-override') })
  const files = form.getAll('file')
  const descriptions = form.getAll('fileDescription').map(String)
  const types = form.getAll('fileType').map(String)
  const chosen: NewFile[] = []
  const noExtension: { filename: string; description: string }[] = []
  for (const [index, entry] of files.entries()) {
    if (!(entry instanceof File) || (entry.size === 0 && entry.name === '')) continue
    const description = (descriptions[index] ?? '').replaceAll('\u0000', '').trim()
    if (!hasExtension(entry.name)) {
      noExtension.push({ filename: entry.name, description })
      continue
    }
    if (!description) return fail(400, DESCRIPTION_REQUIRED, { missing: true, error: DESCRIPTION_REQUIRED })
    if (description.length > 500) return fail(400, 'A description is at most 500 characters.', { missing: false, error: 'A description is at most 500 characters.' })
    if (entry.size > MAX_UPLOAD_BYTES) return fail(413, MAX_UPLOAD_MESSAGE)
    const typeName = (types[index] || 'Other') as FileTypeName
    if (!allowed.includes(typeName)) return fail(403, 'You may not give a file that type.')
    chosen.push({ filename: entry.name.replaceAll('\u0000', '').slice(0, 255), contentType: entry.type, data: Buffer.from(await entry.arrayBuffer()), description, type: FILE_TYPE_CODES[typeName] })
  }
  const warning = noExtension.length ? noExtensionWarning(noExtension) : undefined
  if (chosen.length === 0) return fail(400, warning ?? 'Choose a file to upload.', { missing: false, error: warning ?? 'Choose a file to upload.' })
  return { files: chosen, warning }
}

/** Upload, attach firm files, detach: the editor's file intents (the caller has checked the user may edit the note). */
export async function fileAction(intent: string, form: FormData, user: CurrentUser, note: NoteEntity): Promise<FileOutcome> {
  const db = getDb()
  const actor = { id: user.id, username: user.username, isAdmin: user.isAdmin }
  try {
    if (intent === 'upload') {
      if (!hasScope(user, 'firmfile-upload')) return fail(403, 'You do not have permission to upload files.')
      const read = await readUploads(form, user)
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
      const loids = form.getAll('attachLoid').map(Number).filter((loid) => Number.isInteger(loid) && loid > 0 && loid < 2 ** 31)
      if (loids.length === 0) return fail(400, 'Choose the firm files to attach.')
      await attachNoteFiles(db, note.nid, loids, actor)
      return ok(loids.length === 1 ? 'File attached.' : `${loids.length} files attached.`)
    }
    const loid = Number(intent.slice('detach:'.length))
    if (!Number.isInteger(loid) || loid <= 0 || loid >= 2 ** 31) return fail(400, 'No such file.')
    await detachNoteFiles(db, note.nid, [loid], actor)
    return ok('File removed from the note.')
  } catch (error) {
    if (error instanceof NoteRuleError) return fail(error.status, error.message)
    throw error
  }
}
