/**
 * The one way a stored file is sent (ARCHITECTURE "Files live in PostgreSQL, typed, size-limited,
 * served as attachments with nosniff"): streamed in chunks, as an attachment named by
 * Content-Disposition, typed only from an allowlist, never cached.
 */

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

/**
 * A generated file (a report's download) as an attachment, streamed as it is produced: `body` is read
 * only as fast as the response is sent (a web stream pulls from it), so memory stays flat whatever
 * its length. No Content-Length (unknown until the end) and never cached.
 */
export function streamedAttachment(filename: string, contentType: string, body: ReadableStream<Uint8Array>): Response {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return new Response(body, {
    headers: {
      'Content-Type':
        servedType(contentType.split(';')[0]) === 'application/octet-stream' ? 'application/octet-stream' : contentType,
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
