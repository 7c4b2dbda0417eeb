import { getConfig } from '#app/config.server'

/**
 * One byte cap for every request body. The body is read from the stream and cut at the cap, so a
 * chunked body (no Content-Length) or a lying Content-Length cannot fill memory; a declared length
 * over the cap is refused before reading. Multipart bodies (uploads) are capped by UPLOAD_MAX_BYTES,
 * JSON and form-encoded bodies by BODY_MAX_BYTES.
 */
export type BodyKind = 'json' | 'form' | 'multipart'

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`)
  }
}

export function bodyLimit(kind: BodyKind): number {
  const config = getConfig()
  return kind === 'multipart' ? config.UPLOAD_MAX_BYTES : config.BODY_MAX_BYTES
}

export function mediaType(request: Request): string {
  return (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

export function bodyKindOf(request: Request): BodyKind | null {
  const type = mediaType(request)
  if (type === 'application/json' || type.endsWith('+json')) return 'json'
  if (type === 'application/x-www-form-urlencoded') return 'form'
  if (type === 'multipart/form-data') return 'multipart'
  return null
}

/** The body's bytes, at most `maxBytes` of them, or a BodyTooLargeError (the stream is cancelled). */
export async function readCappedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? '')
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined)
    throw new BodyTooLargeError(maxBytes)
  }
  const reader = request.body?.getReader()
  if (!reader) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** A form (urlencoded or multipart) parsed from already-capped bytes; null when it cannot be read. */
export async function formFromBytes(request: Request, bytes: Uint8Array): Promise<FormData | null> {
  try {
    return await new Request(request.url, {
      method: 'POST',
      headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' },
      body: bytes as Uint8Array<ArrayBuffer>,
    }).formData()
  } catch {
    return null
  }
}
