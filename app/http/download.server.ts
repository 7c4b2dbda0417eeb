/**
 * The one way a stored file is sent (ARCHITECTURE "Files live in PostgreSQL, typed, size-limited,
 * served as attachments with nosniff"): streamed in chunks, as an attachment named by
 * Content-Disposition, typed only from an allowlist, never cached.
 */

import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

const gzipAsync = promisify(gzip)
const CHUNK = 64 * 1024

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

export function servedType(stored: string | null | undefined): string {
  const type = (stored ?? '').split(';')[0]!.trim().toLowerCase()
  return SERVED_TYPES.has(type) ? type : 'application/octet-stream'
}

/** What every attachment answer carries: its name (ASCII and UTF-8), nosniff, never cached. */
function attachmentHeaders(filename: string): Record<string, string> {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return {
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  }
}

/** A stored file as the attachment the browser saves. */
export function attachment(file: {
  filename: string
  contentType: string | null
  size: number
  sha256: string
  data: Buffer
}): Response {
  const bytes = file.data
  let offset = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + CHUNK)))
      offset += CHUNK
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': servedType(file.contentType),
      'Content-Length': String(file.size),
      ...attachmentHeaders(file.filename),
      ETag: `"${file.sha256}"`,
    },
  })
}

/**
 * A generated file (a report's download) as an attachment, streamed as it is produced: `body` is read
 * only as fast as the response is sent (a web stream pulls from it), so memory stays flat whatever
 * its length. No Content-Length (unknown until the end) and never cached.
 */
export function streamedAttachment(filename: string, contentType: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      'Content-Type':
        servedType(contentType.split(';')[0]) === 'application/octet-stream' ? 'application/octet-stream' : contentType,
      ...attachmentHeaders(filename),
    },
  })
}

/** A generated file kept whole (a cached report download): its bytes and their gzip. */
export interface KeptFile {
  filename: string
  contentType: string
  bytes: Uint8Array<ArrayBuffer>
  gzipped: Uint8Array<ArrayBuffer>
}

/**
 * A generated file read to its end and gzipped once, to keep (`keptAttachment` serves it): only for
 * files whose size the caller bounds.
 */
export async function keepFile(response: Response): Promise<KeptFile> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  const disposition = response.headers.get('Content-Disposition') ?? ''
  return {
    filename: decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? 'download'),
    contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
    bytes,
    gzipped: new Uint8Array(await gzipAsync(bytes)),
  }
}

/**
 * A kept file as the same attachment `streamedAttachment` sends, with its length; gzipped as kept when
 * the request accepts gzip (the compression middleware leaves an encoded answer alone), so a repeated
 * download costs neither the rows nor the compression again.
 */
export function keptAttachment(request: Request, file: KeptFile): Response {
  const gzip = /\bgzip\b/i.test(request.headers.get('Accept-Encoding') ?? '')
  const body = gzip ? file.gzipped : file.bytes
  return new Response(body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(body.byteLength),
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      Vary: 'Accept-Encoding',
      ...attachmentHeaders(file.filename),
    },
  })
}
