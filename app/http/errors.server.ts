import { data } from '@remix-run/node'
import { DomainError } from '#app/domain/errors'

/** The JSON error answer every API route gives: `{ status: CODE, message, …extra }`. */
export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ status: code, message, ...extra }, { status })
}

/** A DomainError as the API's JSON answer; anything else is rethrown (the unexpected is a 500, logged). */
export function apiErrorFrom(error: unknown): Response {
  if (error instanceof DomainError) return apiError(error.status, error.code, error.message, error.extra)
  throw error
}

/**
 * A DomainError thrown from a page loader: the route's ErrorBoundary shows the message with the
 * status (404 panel, 403 panel, …). Anything else is rethrown.
 */
export function pageErrorFrom(error: unknown): never {
  if (error instanceof DomainError) throw data({ message: error.message, status: error.code }, { status: error.status })
  throw error
}
