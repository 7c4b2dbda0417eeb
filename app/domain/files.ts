/** File rules of spec 2 §5 and §7: types, who may pick Form, extensions, size limit. */

export const FILE_TYPE_CODES = { Admin: 1, Form: 3, Other: 6, Original: 17 } as const
export type FileTypeName = keyof typeof FILE_TYPE_CODES

export const FILE_TYPE_NAMES: Record<number, FileTypeName> = { 1: 'Admin', 3: 'Form', 6: 'Other', 17: 'Original' }

/** Uploads above this size are refused with MAX_UPLOAD_MESSAGE. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const MAX_UPLOAD_MESSAGE = 'Files must be 10 MB or smaller. Please choose a smaller file.'
export const DESCRIPTION_REQUIRED = 'Description is required to upload a file.'
export const UPLOAD_ERROR = 'Error uploading file/s'
export const TYPE_SAVE_ERROR = 'Error saving type and description for uploaded file/s'
export const FILE_TYPE_REFUSED = 'You may not give this file that type.'

export function hasExtension(filename: string): boolean {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  return dot > 0 && dot < base.length - 1
}

export function noExtensionWarning(files: readonly { filename: string; description: string }[]): string {
  const list = files.map((file) => `${file.filename}${file.description ? ` (${file.description})` : ''}`).join(', ')
  return `Files without an extension cannot be uploaded: ${list}`
}

/**
 * The types a user may give a file: Admin only for the admin group; Form for admin or
 * firmfile-override; Other and Original for everyone.
 */
export function allowedFileTypes(access: { isAdmin: boolean; formOverride: boolean }): FileTypeName[] {
  const types: FileTypeName[] = []
  if (access.isAdmin) types.push('Admin')
  if (access.isAdmin || access.formOverride) types.push('Form')
  types.push('Other', 'Original')
  return types
}

/** Non-admins may not edit Form files' descriptions (spec 2 §6): said when one tries. */
export const FORM_FILE_REFUSED = 'Only an administrator may edit a Form file.'
/** The same rule when a Form file is deleted. */
export const FORM_FILE_DELETE_REFUSED = 'Only an administrator may delete a Form file.'

/** Whether a user may edit an existing file's description and type at all: not a Form file unless admin. */
export function mayEditFile(access: { isAdmin: boolean }, fileType: number): boolean {
  return access.isAdmin || fileType !== FILE_TYPE_CODES.Form
}

/**
 * Whether a user may give an existing file a new type (spec 2 §5, §6): non-admins may not edit Form
 * files at all; the new type must be one the user may pick, unless it stays as it was.
 */
export function mayEditFileType(
  access: { isAdmin: boolean; formOverride: boolean },
  current: number,
  next: number,
): boolean {
  if (!mayEditFile(access, current)) return false
  if (next === current) return true
  return allowedFileTypes(access).some((name) => FILE_TYPE_CODES[name] === next)
}

export const DESCRIPTION_TOO_LONG = 'A description is at most 500 characters.'
export const FILE_TYPE_NOT_ALLOWED = 'You may not give a file that type.'
export const CHOOSE_A_FILE = 'Choose a file to upload.'

/** One chosen file as an upload form sends it (browser or server side). */
export interface ChosenUpload {
  filename: string
  size: number
  description: string
  /** The type's name as chosen; blank means Other. */
  type?: string
  /** The media type the browser or client declared for the file ('' when it gave none). */
  contentType?: string
}

/**
 * The upload allowlist (issue 10 item 6, decision 0016): what an insurance office exchanges — PDF,
 * Office and OpenDocument documents, RTF, text and CSV, images (scans, photos of damage), email
 * (EML, MSG) and ZIP archives — by extension, with the media types a client may declare for each.
 * A declared type must be one of them, or none at all ('' or application/octet-stream, as browsers
 * send for types they do not know, MSG among them). HTML, SVG, scripts and executables are refused.
 */
const OFFICE = 'application/vnd.openxmlformats-officedocument'
const OPEN = 'application/vnd.oasis.opendocument'
export const UPLOAD_ALLOWLIST: Readonly<Record<string, readonly string[]>> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  doc: ['application/msword'],
  docx: [`${OFFICE}.wordprocessingml.document`],
  xls: ['application/vnd.ms-excel'],
  xlsx: [`${OFFICE}.spreadsheetml.sheet`],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: [`${OFFICE}.presentationml.presentation`],
  odt: [`${OPEN}.text`],
  ods: [`${OPEN}.spreadsheet`],
  odp: [`${OPEN}.presentation`],
  rtf: ['application/rtf', 'text/rtf'],
  txt: ['text/plain'],
  csv: ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv'],
  png: ['image/png'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  gif: ['image/gif'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  heic: ['image/heic', 'image/heif'],
  eml: ['message/rfc822'],
  msg: ['application/vnd.ms-outlook', 'application/x-msg'],
  zip: ['application/zip', 'application/x-zip-compressed', 'application/x-zip'],
}
export const UPLOAD_TYPE_REFUSED =
  'This kind of file cannot be uploaded. Allowed: PDF, Word, Excel, PowerPoint, OpenDocument, RTF, text, CSV, images (PNG, JPEG, GIF, TIFF, BMP, HEIC), email (EML, MSG) and ZIP.'

/** Whether a file's extension is on the allowlist and its declared type (if any) fits the extension. */
export function uploadTypeAllowed(filename: string, contentType = ''): boolean {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const extension = base.slice(base.lastIndexOf('.') + 1).toLowerCase()
  const types = Object.hasOwn(UPLOAD_ALLOWLIST, extension) ? UPLOAD_ALLOWLIST[extension] : undefined
  if (!types || base.lastIndexOf('.') <= 0) return false
  const declared = contentType.split(';')[0]!.trim().toLowerCase()
  return declared === '' || declared === 'application/octet-stream' || types.includes(declared)
}

/**
 * The upload rules of spec 2 §5 and §7, written once for the firm's Files tab and the note editor
 * (the server's check and the browser's check before the bytes are sent): files without an extension
 * are left out with a warning; every other file needs a description (at most 500 characters), at
 * most MAX_UPLOAD_BYTES, and a type the user may give. The first refusal wins.
 */
export function checkUploads(
  chosen: readonly ChosenUpload[],
  allowed: readonly string[],
): {
  refusal: { status: 400 | 403 | 413 | 415; message: string; missingDescription?: boolean } | null
  accepted: ChosenUpload[]
  warning?: string
} {
  const accepted: ChosenUpload[] = []
  const noExtension: { filename: string; description: string }[] = []
  for (const file of chosen) {
    if (!file.filename) continue
    if (!hasExtension(file.filename)) {
      noExtension.push({ filename: file.filename, description: file.description })
      continue
    }
    const refusal = !file.description
      ? { status: 400 as const, message: DESCRIPTION_REQUIRED, missingDescription: true }
      : file.description.length > 500
        ? { status: 400 as const, message: DESCRIPTION_TOO_LONG }
        : file.size > MAX_UPLOAD_BYTES
          ? { status: 413 as const, message: MAX_UPLOAD_MESSAGE }
          : !uploadTypeAllowed(file.filename, file.contentType)
            ? { status: 415 as const, message: UPLOAD_TYPE_REFUSED }
            : !allowed.includes(file.type || 'Other')
              ? { status: 403 as const, message: FILE_TYPE_NOT_ALLOWED }
              : null
    if (refusal) return { refusal, accepted: [] }
    accepted.push(file)
  }
  const warning = noExtension.length ? noExtensionWarning(noExtension) : undefined
  if (accepted.length === 0) return { refusal: { status: 400, message: warning ?? CHOOSE_A_FILE }, accepted, warning }
  return { refusal: null, accepted, warning }
}

/** The chosen files of an upload form (one file input, description and type per row), for checkUploads. */
export function chosenUploads(
  form: FormData,
  descriptionName: string,
  typeName: string,
  fileName = 'file',
): ChosenUpload[] {
  const descriptions = form.getAll(descriptionName).map((value) => String(value).trim())
  const types = form.getAll(typeName).map(String)
  return form.getAll(fileName).flatMap((entry, index) =>
    typeof entry !== 'string' && entry.name !== ''
      ? [
          {
            filename: entry.name,
            size: entry.size,
            description: descriptions[index] ?? '',
            type: types[index] || 'Other',
            contentType: entry.type,
          },
        ]
      : [],
  )
}
