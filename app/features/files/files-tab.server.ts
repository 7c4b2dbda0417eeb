import { canEditFiles, canUploadFiles, fileTypeAccess } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, RuleError } from '#app/domain/errors'
import {
  FILE_TYPE_REFUSED,
  FORM_FILE_REFUSED,
  MAX_UPLOAD_MESSAGE,
  TYPE_SAVE_ERROR,
  UPLOAD_ERROR,
  allowedFileTypes,
  mayEditFile,
  mayEditFileType,
} from '#app/domain/files'
import { firmIntent, type FirmTab, type FirmTabContext } from '#app/http/firm-tab.server'
import { redirectWithFlash } from '#app/http/flash.server'
import type { IntentReply } from '#app/http/intent.server'
import { readUploads, UploadRefusal } from '#app/http/uploads.server'
import { firmFiles, updateFileLink, uploadFirmFiles } from '#app/models/file.server'
import { fileEditFormSchema, readFilesTabParams } from '#app/schemas/firm-viewer'
import type { SubmissionResult } from '@conform-to/react'

/** The firm viewer's Files tab on the server (spec 2 §2.7): the firm's files, the panels its URL opens, upload and edit. */
export async function loadFilesTab({ user, fid, url }: FirmTabContext) {
  const panel = readFilesTabParams(url)
  const can = {
    upload: canUploadFiles(user),
    editFiles: canEditFiles(user),
    fileTypes: allowedFileTypes(fileTypeAccess(user)),
    isAdmin: user.isAdmin,
  }
  return {
    files: await firmFiles(getDb(), fid, { isAdmin: user.isAdmin }),
    // Only what the user may do opens from a typed URL too (the list offers no link otherwise).
    panel: {
      upload: can.upload && panel.upload,
      rows: panel.rows,
      editFile: can.editFiles ? panel.edit : null,
    },
    can,
  }
}
export type FilesTabData = Awaited<ReturnType<typeof loadFilesTab>>

export type FilesReply = IntentReply<{
  /** A refused upload's rows as typed (descriptions and types; a browser never sends a file back). */
  typed: { description: string; type: string }[]
  /** The edit panel's refused fields. */
  result: SubmissionResult<string[]>
}>

/** The upload form's fields: a file, description and type per row. */
const UPLOAD_FIELDS = { file: 'file', description: 'description', type: 'type' } as const

export const fileIntents = {
  'file-upload': firmIntent({
    handle: async ({ form, user, fid, back }) => {
      // A refusal gives back what was typed per row, so the panel shows it again (the files must be chosen again).
      const types = form.getAll(UPLOAD_FIELDS.type).map(String)
      const typed = form
        .getAll(UPLOAD_FIELDS.description)
        .map(String)
        .slice(0, 10)
        .map((description, index) => ({ description: description.slice(0, 500), type: types[index] ?? '' }))
      const { files, warning } = await readUploads(form, allowedFileTypes(fileTypeAccess(user)), UPLOAD_FIELDS).catch(
        (error: unknown): never => {
          if (!(error instanceof UploadRefusal)) throw error
          // Only files without an extension: nothing was uploaded, and the warning says why.
          const nothing = error.warning !== undefined && error.message === error.warning
          throw new RuleError(nothing ? 'No file was uploaded.' : error.message, error.status, {
            warning: error.warning,
            typed,
          })
        },
      )
      await uploadFirmFiles(getDb(), fid, files, user).catch(() => {
        throw new RuleError(UPLOAD_ERROR, 400, { typed })
      })
      const message = `${files.length === 1 ? 'File' : `${files.length} files`} uploaded.${warning ? ` ${warning}` : ''}`
      return redirectWithFlash(back, { message, kind: warning ? 'info' : 'success' })
    },
  }),
  'file-edit': firmIntent({
    schema: fileEditFormSchema,
    // Refused fields are marked at the panel's fields, the first message above the tab.
    invalid: TYPE_SAVE_ERROR,
    handle: async ({ value: { loidfid, ...changes }, user, fid, back }) => {
      const db = getDb()
      const file = (await firmFiles(db, fid, { isAdmin: user.isAdmin })).find(
        (candidate) => candidate.loidfid === loidfid,
      )
      if (!file) throw new RuleError(TYPE_SAVE_ERROR, 404)
      if (!mayEditFile(user, file.file_type)) throw new ForbiddenError(FORM_FILE_REFUSED)
      if (!mayEditFileType(fileTypeAccess(user), file.file_type, changes.file_type))
        throw new ForbiddenError(FILE_TYPE_REFUSED)
      await updateFileLink(db, file.loidfid, changes, { userId: user.id, isAdmin: user.isAdmin })
      return redirectWithFlash(back, { message: 'File saved.', kind: 'success' })
    },
  }),
}

/** The firm viewer's Files tab. */
export const filesTab: FirmTab<FilesTabData> = {
  name: 'Files',
  load: loadFilesTab,
  intents: fileIntents,
  tooLarge: { intent: 'file-upload', message: MAX_UPLOAD_MESSAGE },
}
