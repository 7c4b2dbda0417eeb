import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { FILE_TYPE_CODES, FILE_TYPE_NAMES, MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE, UPLOAD_ERROR, allowedFileTypes, hasExtension, noExtensionWarning } from '#app/domain/files'
import { NotFoundError } from '#app/models/change-log.server'
import { uploadFirmFiles, type NewFile } from '#app/models/file.server'
import { methodNotAllowed, readMultipart } from '#app/http/api.server'
import { noNul } from '#app/schemas/fields'
import { fileIdSchema } from '#app/schemas/files'

const ROUTE = '/api/file_objects'
/** Room for the multipart boundaries and the text fields beside the files. */

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
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['POST'])
  }
  const user = await requireUser(request, ROUTE)
  const form = await readMultipart(request, MAX_UPLOAD_MESSAGE)
  const fid = fileIdSchema.safeParse(form.get('fid'))
  if (!fid.success) return apiError(400, 'INVALID_PARAMS', 'fid: a firm id is required.')
  const descriptions = form.getAll('file_description').map((value) => String(noNul(String(value))).trim())
  const types = form.getAll('file_type').map(String)
  const allowed = allowedFileTypes({ isAdmin: user.isAdmin, formOverride: hasScope(user, 'firmfile-override') }).map((name) => FILE_TYPE_CODES[name] as number)
  const chosen: NewFile[] = []
  const noExtension: { filename: string; description: string }[] = []
  const entries = form.getAll('domfiles')
  for (const [index, entry] of entries.entries()) {
    if (typeof entry === 'string') return apiError(400, 'INVALID_PARAMS', 'domfiles: each entry must be a file.')
    const filename = String(noNul(entry.name)).trim().slice(0, 255)
    const description = (descriptions[index] || filename).slice(0, 500)
    if (!hasExtension(filename)) {
      noExtension.push({ filename, description: descriptions[index] ?? '' })
      continue
    }
    if (entry.size > MAX_UPLOAD_BYTES) return apiError(413, 'PAYLOAD_TOO_LARGE', MAX_UPLOAD_MESSAGE)
    const type = typeCode(types[index])
    if (type === null) return apiError(400, 'INVALID_PARAMS', 'file_type must be 1, 3, 6 or 17 (Admin, Form, Other, Original).')
    if (!allowed.includes(type)) return apiError(403, 'FORBIDDEN', 'You may not give a file that type.')
    chosen.push({ filename, contentType: entry.type, data: Buffer.from(await entry.arrayBuffer()), description, type })
  }
  const warning = noExtension.length ? noExtensionWarning(noExtension) : undefined
  if (chosen.length === 0) return apiError(400, 'INVALID_PARAMS', warning ?? 'domfiles: choose at least one file.')
  try {
    const result = await uploadFirmFiles(getDb(), fid.data, chosen, user)
    return Response.json(warning ? { result, warning } : { result }, { status: 201 })
  } catch (error) {
    if (error instanceof NotFoundError) return apiError(404, 'NOT_FOUND', 'No such firm.')
    console.error('[files] upload failed', error)
    return apiError(400, 'UPLOAD_FAILED', UPLOAD_ERROR)
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}
