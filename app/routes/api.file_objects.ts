import { fileTypeAccess } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { DomainError, ForbiddenError, InvalidError, NotFoundError } from '#app/domain/errors'
import {
  FILE_TYPE_CODES,
  FILE_TYPE_NAMES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MESSAGE,
  UPLOAD_ERROR,
  UPLOAD_TYPE_REFUSED,
  allowedFileTypes,
  hasExtension,
  noExtensionWarning,
  uploadTypeAllowed,
} from '#app/domain/files'
import { parseId } from '#app/domain/ids'
import { readMultipart } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { uploadFirmFiles, type NewFile } from '#app/models/file.server'
import { typedText } from '#app/schemas/fields'

/** A type given as its code (6) or its name (Other); absent means Other (spec 2 §2.7). */
function typeCode(raw: string | undefined): number | null {
  if (!raw) return FILE_TYPE_CODES.Other
  const code = Number(raw)
  if (FILE_TYPE_NAMES[code]) return code
  const named = Object.entries(FILE_TYPE_CODES).find(([name]) => name.toLowerCase() === raw.trim().toLowerCase())
  return named ? named[1] : null
}

/**
 * POST /api/file_objects (multipart): `domfiles` (one or more files) and `fid`, optionally a
 * `file_description` and a `file_type` per file in the same order. A file without a description
 * is described by its name until it is edited (PUT /api/file_objects/{id}); files without an
 * extension are refused with the spec's warning; the whole request is limited in size.
 */
const api = apiRoute('/api/file_objects', {
  POST: async ({ request, user }) => {
    const form = await readMultipart(request, MAX_UPLOAD_MESSAGE)
    const fid = parseId(form.get('fid'))
    if (fid === null) throw new InvalidError('fid: a firm id is required.')
    const descriptions = form.getAll('file_description').map((value) => String(typedText(String(value))).trim())
    const types = form.getAll('file_type').map(String)
    const allowed = allowedFileTypes(fileTypeAccess(user)).map((name) => FILE_TYPE_CODES[name] as number)
    const chosen: NewFile[] = []
    const noExtension: { filename: string; description: string }[] = []
    const entries = form.getAll('domfiles')
    for (const [index, entry] of entries.entries()) {
      if (typeof entry === 'string') throw new InvalidError('domfiles: each entry must be a file.')
      const filename = String(typedText(entry.name)).trim().slice(0, 255)
      const description = (descriptions[index] || filename).slice(0, 500)
      if (!hasExtension(filename)) {
        noExtension.push({ filename, description: descriptions[index] ?? '' })
        continue
      }
      if (entry.size > MAX_UPLOAD_BYTES) throw new DomainError(MAX_UPLOAD_MESSAGE, 'PAYLOAD_TOO_LARGE', 413)
      if (!uploadTypeAllowed(filename, entry.type))
        throw new DomainError(UPLOAD_TYPE_REFUSED, 'UNSUPPORTED_MEDIA_TYPE', 415)
      const type = typeCode(types[index])
      if (type === null) throw new InvalidError('file_type must be 1, 3, 6 or 17 (Admin, Form, Other, Original).')
      if (!allowed.includes(type)) throw new ForbiddenError('You may not give a file that type.')
      chosen.push({
        filename,
        contentType: entry.type,
        data: Buffer.from(await entry.arrayBuffer()),
        description,
        type,
      })
    }
    const warning = noExtension.length ? noExtensionWarning(noExtension) : undefined
    if (chosen.length === 0) throw new InvalidError(warning ?? 'domfiles: choose at least one file.')
    try {
      const result = await uploadFirmFiles(getDb(), fid, chosen, user)
      return Response.json(warning ? { result, warning } : { result }, { status: 201 })
    } catch (error) {
      if (error instanceof NotFoundError) throw error
      console.error('[files] upload failed', error)
      throw new DomainError(UPLOAD_ERROR, 'UPLOAD_FAILED', 400)
    }
  },
})

export const loader = api.loader
export const action = api.action
