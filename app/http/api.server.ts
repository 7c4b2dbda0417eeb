import type { z } from 'zod'
import { stripNul } from '#app/schemas/fields'
import { bodyKindOf, bodyLimit, BodyTooLargeError, formFromBytes, mediaType, readCappedBytes } from './body.server'
import { apiError } from './errors.server'

export const TOO_LARGE_MESSAGE = 'The request body is too large.'
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).'

/** The first problem of a failed parse, as 'field: message'. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request.'
  const where = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue.message}`
}

async function cappedBytes(request: Request, limit: number, tooLarge: string): Promise<Uint8Array> {
  try {
    return await readCappedBytes(request, limit)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw apiError(413, 'PAYLOAD_TOO_LARGE', tooLarge)
    throw error
  }
}

/**
 * Reads a JSON request body and parses it with a schema. The body must say `Content-Type:
 * application/json` (415 otherwise: a cross-site HTML form cannot send that type, so an API write
 * cannot be forged by a form); a request with no body and no type reads as `{}`. The body is cut at
 * BODY_MAX_BYTES (413). Malformed or invalid bodies answer 400 with a clear message, never a 500.
 */
export async function readBody<T extends z.ZodType>(
  request: Request,
  schema: T,
  refusal?: string,
): Promise<z.infer<T>> {
  const kind = bodyKindOf(request)
  const hasType = mediaType(request) !== ''
  if (hasType && kind !== 'json') throw apiError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE)
  const bytes = await cappedBytes(request, bodyLimit('json'), TOO_LARGE_MESSAGE)
  const text = new TextDecoder().decode(bytes)
  if (!hasType && text.trim() !== '') throw apiError(415, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE)
  let body: unknown
  try {
    body = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw apiError(400, 'INVALID_PARAMS', 'The request body is not valid JSON.')
  }
  if (nestedDeeperThan(body, MAX_JSON_DEPTH)) throw apiError(400, 'INVALID_PARAMS', TOO_DEEP_MESSAGE)
  return parseWith(schema, body, refusal)
}

export const MAX_JSON_DEPTH = 32
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`

/**
 * Whether a parsed JSON value nests arrays/objects deeper than `max`; walked with a stack of its own,
 * since a body of thousands of `[` (a few kB) would overflow the call stack of any recursive walk
 * (the NUL stripping, the schemas) and answer 500 (found by the bad-input sweep).
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length) {
    const [current, depth] = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return false
}

/**
 * Parses an already-read value with a schema: a 400 with the first problem when it does not fit, or
 * with `refusal` (a spec's own wording for any bad request) and the first problem as `detail`.
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, refusal?: string): z.infer<T> {
  const parsed = schema.safeParse(stripNul(value))
  if (!parsed.success)
    throw refusal
      ? apiError(400, 'INVALID_PARAMS', refusal, { detail: describeIssues(parsed.error) })
      : apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  return parsed.data
}

/** The URL's search parameters as a plain object (repeated keys become arrays). */
export function queryObject(request: Request): Record<string, string | string[]> {
  const params = new URL(request.url).searchParams
  const raw: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    raw[key] = values.length > 1 ? values : values[0]!
  }
  return raw
}

/** Parses URL search parameters with a schema (repeated keys become arrays). */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  return parseWith(schema, queryObject(request))
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json(
    { status: 'METHOD_NOT_ALLOWED', message: `Use ${allowed.join(' or ')} for this address.` },
    { status: 405, headers: { Allow: allowed.join(', ') } },
  )
}

/**
 * A multipart body read with the upload cap (UPLOAD_MAX_BYTES; Content-Length or not, the stream
 * stops at the cap), so an upload above the limit answers 413 with `tooLarge` instead of filling memory.
 */
export async function readMultipart(request: Request, tooLarge: string): Promise<FormData> {
  if (bodyKindOf(request) !== 'multipart')
    throw apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.')
  const bytes = await cappedBytes(request, bodyLimit('multipart'), tooLarge)
  const form = await formFromBytes(request, bytes)
  if (!form) throw apiError(400, 'INVALID_PARAMS', 'The multipart body could not be read.')
  return form
}

/** A paged list as the spec's list APIs answer it: the page's rows, the count, the page, its size, the pages. */
export function pagedAnswer<Row>(list: { rows: Row[]; page: number; pages: number }, count: number, perPage: number) {
  return { result: list.rows, count, page: list.page, perPage, totalpages: list.pages }
}

/** A JSON answer whose text is already written (a kept answer: GET /api/notes, decision 0038). */
export function jsonTextAnswer(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'application/json' } })
}
