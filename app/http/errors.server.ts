import { data } from '@remix-run/node'
import { isConnectionError, noteDatabaseLost } from '#app/db/availability.server'
import { DomainError, UnavailableError } from '#app/domain/errors'

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

/**
 * The refusal an error is answered as, or null for the unexpected (a 500, logged with its stack): a
 * DomainError as it is; a lost or refused database connection as the one UnavailableError (503 with
 * Retry-After), noted once per outage in the log. Every factory maps errors through here.
 */
export function refusalOf(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error
  if (isConnectionError(error)) {
    noteDatabaseLost(error)
    return new UnavailableError()
  }
  return null
}

/** A DomainError (or a lost database) as the API's JSON answer; anything else is rethrown (the unexpected is a 500, logged). */
export function apiErrorFrom(error: unknown): Response {
  const refusal = refusalOf(error)
  if (!refusal) throw error
  const { extra, headers } = refusalParts(refusal)
  return apiError(refusal.status, refusal.code, refusal.message, extra, headers)
}

/**
 * A DomainError (or a lost database) thrown from a page loader or action: the route's ErrorBoundary
 * shows the message with the status (404 panel, 403 panel, the error dialog for a 503, …), with the
 * refusal's Retry-After. Anything else (a Response among them) is rethrown.
 */
export function pageErrorFrom(error: unknown): never {
  const refusal = refusalOf(error)
  if (!refusal) throw error
  const { headers } = refusalParts(refusal)
  throw data({ message: refusal.message, status: refusal.code }, { status: refusal.status, headers })
}
