import { RuleError } from '#app/domain/errors'
import { checkUploads, chosenUploads, FILE_TYPE_CODES, type FileTypeName } from '#app/domain/files'
import { stripNul } from '#app/schemas/fields'

/** The field names of an upload form: one file, description and type per row. */
export interface UploadFieldNames {
  file: string
  description: string
  type: string
}

/** A file read from an upload form, as the models store it (their NewFile). */
export interface UploadedFile {
  filename: string
  contentType: string
  data: Buffer
  description: string
  type: number
}

/**
 * An upload refused by the rules of spec 2 §5 and §7 (checkUploads): 400 (no description, no file),
 * 403 (a type the user may not give), 413 (over the size limit) or 415 (not on the allowlist), with the
 * spec's message. A DomainError, so the factories answer it (an API's `{ status, message }`, an intent's
 * refusal); `missingDescription` and `warning` (files left out for having no extension) are for the
 * forms that show them.
 */
export class UploadRefusal extends RuleError<400 | 403 | 413 | 415> {
  override name = 'UploadRefusal'
  constructor(
    message: string,
    status: 400 | 403 | 413 | 415,
    readonly missingDescription: boolean,
    readonly warning: string | undefined,
  ) {
    super(message, status)
  }
}

/**
 * The one upload reader (every upload: the firm's Files tab, the note editor and its API, the policy
 * editor and the policy files API, POST /api/file_objects): the chosen files of a form, checked by the
 * domain's one set of upload rules (checkUploads, which the browser runs too) and read into the files
 * the models store. A refusal is thrown (UploadRefusal); files left out for having no extension come
 * back as `warning` beside the files that were read.
 */
export async function readUploads(
  form: FormData,
  allowed: readonly FileTypeName[],
  names: UploadFieldNames,
): Promise<{ files: UploadedFile[]; warning?: string }> {
  const entries = form.getAll(names.file).filter((entry): entry is File => entry instanceof File && entry.name !== '')
  const rows = chosenUploads(form, names.description, names.type, names.file).map((row, index) => ({
    ...row,
    entry: entries[index]!,
  }))
  const checked = checkUploads(rows, allowed)
  if (checked.refusal)
    throw new UploadRefusal(
      checked.refusal.message,
      checked.refusal.status,
      checked.refusal.missingDescription ?? false,
      checked.warning,
    )
  const files = await Promise.all(
    rows
      .filter((row) => checked.accepted.includes(row))
      .map(async (row) => ({
        // PostgreSQL text cannot hold NUL: a crafted file name is cleaned as every other field is.
        filename: String(stripNul(row.filename)).slice(0, 255),
        contentType: row.entry.type,
        data: Buffer.from(await row.entry.arrayBuffer()),
        description: String(stripNul(row.description)),
        type: FILE_TYPE_CODES[row.type as FileTypeName],
      })),
  )
  return { files, warning: checked.warning }
}
