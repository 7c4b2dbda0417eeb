import { checkUploads, chosenUploads, FILE_TYPE_CODES, type FileTypeName } from '#app/domain/files'
import type { NewFile } from '#app/models/file.server'

/** The field names of an upload form: one file, description and type per row. */
export interface UploadFieldNames {
  file: string
  description: string
  type: string
}

export type UploadsRead =
  | { ok: true; files: NewFile[]; warning?: string }
  | { ok: false; status: 400 | 403 | 413 | 415; message: string; missingDescription?: boolean; warning?: string }

/**
 * The files of an upload form, checked by the domain's one set of upload rules (checkUploads) and
 * read into NewFiles; used by the firm's Files tab and the note editor.
 */
export async function readUploads(
  form: FormData,
  allowed: readonly FileTypeName[],
  names: UploadFieldNames,
): Promise<UploadsRead> {
  const entries = form.getAll(names.file).filter((entry): entry is File => entry instanceof File && entry.name !== '')
  const rows = chosenUploads(form, names.description, names.type, names.file).map((row, index) => ({
    ...row,
    entry: entries[index],
  }))
  const checked = checkUploads(rows, allowed)
  if (checked.refusal) return { ok: false, ...checked.refusal, warning: checked.warning }
  const files = await Promise.all(
    rows
      .filter((row) => checked.accepted.includes(row))
      .map(async (row) => ({
        filename: row.filename.slice(0, 255),
        contentType: row.entry.type,
        data: Buffer.from(await row.entry.arrayBuffer()),
        description: row.description,
        type: FILE_TYPE_CODES[row.type as FileTypeName],
      })),
  )
  return { ok: true, files, warning: checked.warning }
}
