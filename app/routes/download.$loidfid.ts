import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { fileForDownload } from '#app/models/file.server'

const CHUNK = 64 * 1024

/** GET /download/{loidfid}: the file's bytes, streamed, named by Content-Disposition. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/download/:loidfid')
  const loidfid = Number(params.loidfid)
  const file = await fileForDownload(getDb(), loidfid, { isAdmin: user.isAdmin })
  if (!file) throw data({ message: 'No such file.' }, { status: 404 })
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
      'Content-Type': file.contentType || 'application/octet-stream',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      ETag: `"${file.sha256}"`,
    },
  })
}
