import type { z } from 'zod'
import { apiError } from '#app/auth/guard.server'
import { stripNul } from '#app/schemas/fields'

export const MAX_JSON_BYTES = 1024 * 1024

/** The first problem of a failed parse, as 'field: message'. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request.'
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

/**
 * Reads a JSON (or form-encoded) request body and parses it with a schema. Malformed, oversized or
 * invalid bodies throw a 4xx answer with a clear message, never a 500.
 */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (length > MAX_JSON_BYTES) throw apiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
  const type = request.headers.get('Content-Type') ?? ''
  let body: unknown
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    body = Object.fromEntries(await request.formData())
  } else {
    const text = await request.text()
    if (text.length > MAX_JSON_BYTES) throw apiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.')
    try {
      body = text.trim() === '' ? {} : JSON.parse(text)
    } catch {
      throw apiError(400, 'INVALID_PARAMS', 'The request body is not valid JSON.')
    }
  }
  const parsed = schema.safeParse(stripNul(body))
  if (!parsed.success) throw apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  return parsed.data
}

/** Parses URL search parameters with a schema (repeated keys become arrays). */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = new URL(request.url).searchParams
  const raw: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    raw[key] = values.length > 1 ? values : values[0]
  }
  const parsed = schema.safeParse(stripNul(raw))
  if (!parsed.success) throw apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  return parsed.data
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { status: 'METHOD_NOT_ALLOWED', message: `Use ${allowed.join(' or ')} for this address.` },
    { status: 405, headers: { Allow: allowed.join(', ') } },
  )
}

/**
 * A multipart body read with a byte cap (Content-Length or not, the stream stops at the cap), so an
 * upload above the limit answers 413 with `tooLarge` instead of filling memory.
 */
export async function readMultipart(request: Request, maxBytes: number, tooLarge: string): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('multipart/form-data')) throw apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.')
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw apiError(413, 'PAYLOAD_TOO_LARGE', tooLarge)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body?.getReader()
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw apiError(413, 'PAYLOAD_TOO_LARGE', tooLarge)
    }
    chunks.push(value)
  }
  try {
    return await new Request(request.url, { method: 'POST', headers: { 'Content-Type': type }, body: Buffer.concat(chunks) }).formData()
  } catch {
    throw apiError(400, 'INVALID_PARAMS', 'The multipart body could not be read.')
  }
}
