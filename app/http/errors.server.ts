import { data } from '@remix-run/node'
import { DomainError } from '#app/domain/errors'

/** The JSON error answer every API route gives: `{ status: CODE, message, …extra }`. */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
): Response {
  return Response.json({ status: code, message, ...extra }, { status, headers })
}

/**
 * A refusal's extra fields and its headers: a throttled refusal (429) names its wait in seconds as
 * `retryAfterSeconds` (in its extra, or as a property, as the sign-in's LoginError has it), which
 * every factory sends as the Retry-After header (docs/security.md, V6), never in the body.
 */
export function refusalParts(error: DomainError): { extra: Record<string, unknown>; headers?: HeadersInit } {
  const { retryAfterSeconds: inExtra, ...extra } = error.extra
  const seconds = inExtra ?? (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
  if (typeof seconds !== 'number' || seconds <= 0) return { extra }
  return { extra, headers: { 'Retry-After': String(Math.ceil(seconds)) } }
}

/** A DomainError as the API's JSON answer; anything else is rethrown (the unexpected is a 500, logged). */
export function apiErrorFrom(error: unknown): Response {
  if (!(error instanceof DomainError)) throw error
  const { extra, headers } = refusalParts(error)
  return apiError(error.status, error.code, error.message, extra, headers)
}

/**
 * A DomainError thrown from a page loader: the route's ErrorBoundary shows the message with the
 * status (404 panel, 403 panel, …). Anything else is rethrown.
 */
export function pageErrorFrom(error: unknown): never {
  if (error instanceof DomainError) throw data({ message: error.message, status: error.code }, { status: error.status })
  throw error
}
