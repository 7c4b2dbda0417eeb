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

/**
 * Whether a user may give an existing file a new type (spec 2 §5, §6): non-admins may not edit Form
 * files at all; the new type must be one the user may pick, unless it stays as it was.
 */
export function mayEditFileType(access: { isAdmin: boolean; formOverride: boolean }, current: number, next: number): boolean {
  if (!access.isAdmin && current === FILE_TYPE_CODES.Form) return false
  if (next === current) return true
  return allowedFileTypes(access).some((name) => FILE_TYPE_CODES[name] === next)
}
