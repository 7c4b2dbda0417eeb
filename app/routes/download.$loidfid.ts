import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError } from '#app/http/errors.server'
import { requireUser } from '#app/http/guard.server'
import { requireId } from '#app/http/ids.server'
import { getDb } from '#app/db/client.server'
import { canReadFile } from '#app/auth/abilities'
import { fileForDownload, fileHolder } from '#app/models/file.server'

const CHUNK = 64 * 1024
const NO_SUCH_FILE = 'No such file.'

/** Types served as stored; anything else (HTML, SVG, scripts, unknown) as bytes to save. */
const SERVED_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'message/rfc822',
  'application/vnd.ms-outlook',
  'application/zip',
])
const servedType = (stored: string | null | undefined) => {
  const type = (stored ?? '').split(';')[0].trim().toLowerCase()
  return SERVED_TYPES.has(type) ? type : 'application/octet-stream'
}

/** GET /download/{loidfid}: the file's bytes, streamed, named by Content-Disposition. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/download/:loidfid')
  const loidfid = requireId(params.loidfid, 'file')
  const db = getDb()
  // A file is read as its record is: one the user may not see is answered like one that does not exist.
  const holder = await fileHolder(db, loidfid)
  // Answered as requireId answers a malformed id (thrown data() reached the browser as "Unexpected Server Error").
  if (!holder || !canReadFile(user, holder)) throw apiError(404, 'NOT_FOUND', NO_SUCH_FILE)
  const file = await fileForDownload(db, loidfid, { isAdmin: user.isAdmin })
  if (!file) throw apiError(404, 'NOT_FOUND', NO_SUCH_FILE)
  const bytes = file.data
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + CHUNK)))
      offset += CHUNK
    },
  })
  const ascii = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return new Response(body, {
    headers: {
      'Content-Type': servedType(file.contentType),
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      ETag: `"${file.sha256}"`,
    },
  })
}
