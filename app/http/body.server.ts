import { getConfig } from '#app/config.server'

/**
 * One byte cap for every request body. The body is read from the stream and kept only up to the
 * cap, so a chunked body (no Content-Length) or a lying Content-Length cannot fill memory; a declared
 * length over the cap is refused without keeping any of it. What is past the cap is read and dropped
 * (up to a bound) before the 413 is sent, so the client hears it. Multipart bodies (uploads) are capped by UPLOAD_MAX_BYTES,
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

/**
 * How much of a body beyond its cap is still read, and dropped, so that the client hears the 413.
 * Cancelling the body destroys the connection at once: a client still sending saw it reset and never
 * read the answer. Reading the rest costs bandwidth, not memory; past this bound (or DRAIN_MAX_MS)
 * the body is cut all the same.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024
export const DRAIN_MAX_MS = 15_000

/**
 * The body's bytes, at most `maxBytes` of them, or a BodyTooLargeError once the rest of the body has
 * been read and dropped (up to DRAIN_MAX_BYTES beyond the cap, then the stream is cancelled).
 */
export async function readCappedBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? '')
  if (Number.isFinite(declared) && declared > maxBytes) {
    await dropBody(request, declared > maxBytes + DRAIN_MAX_BYTES ? 0 : maxBytes + DRAIN_MAX_BYTES)
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
      await dropRest(reader, total, maxBytes + DRAIN_MAX_BYTES)
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/**
 * Reads a body to its end and drops it, at most `bound` bytes and DRAIN_MAX_MS (0: cancel at once),
 * for an answer given without the body (a refusal before reading it), so the client hears it.
 */
export async function dropBody(request: Request, bound = DRAIN_MAX_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return
  const reader = request.body.getReader()
  if (bound <= 0) {
    await reader.cancel().catch(() => undefined)
    return
  }
  await dropRest(reader, 0, bound)
}

async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number, bound: number) {
  // A client that stops sending must not hold the request: the deadline cancels the pending read.
  const deadline = setTimeout(() => void reader.cancel().catch(() => undefined), DRAIN_MAX_MS)
  try {
    let total = read
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      total += value.byteLength
      if (total > bound) {
        await reader.cancel().catch(() => undefined)
        return
      }
    }
  } catch {
    // The client went away: nothing left to answer.
  } finally {
    clearTimeout(deadline)
  }
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
