/**
 * The one family of refusals a model or rule can throw. `app/http/errors.server.ts` turns them into
 * answers (JSON for API routes, the error panel or a form error for pages): models never build a
 * Response, and routes never pick status codes by hand.
 */
export class DomainError extends Error {
  override name = 'DomainError'
  constructor(
    message: string,
    /** The API's `status` word: NOT_FOUND, CONFLICT, INVALID_PARAMS, FORBIDDEN, … */
    readonly code: string,
    /** The HTTP status it maps to. */
    readonly status: number,
    /** Extra fields for the JSON answer (e.g. `current` for a conflict). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export class NotFoundError extends DomainError {
  override name = 'NotFoundError'
  constructor(message = 'Not found.') {
    super(message, 'NOT_FOUND', 404)
  }
}

/** A write that lost an optimistic-locking race: carries the record as it is now. */
export class ConflictError<T = unknown> extends DomainError {
  override name = 'ConflictError'
  constructor(
    readonly current: T,
    message = 'Someone else saved this record after you opened it. Your changes were not saved; the form now shows the current values.',
  ) {
    super(message, 'CONFLICT', 409, { current })
  }
}

export class InvalidError extends DomainError {
  override name = 'InvalidError'
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, 'INVALID_PARAMS', 400, extra)
  }
}

export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError'
  constructor(message = 'You do not have permission to view this page') {
    super(message, 'FORBIDDEN', 403)
  }
}

/** The record exists but is held by another rule (in use, already closed, …). */
export class StateConflictError extends DomainError {
  override name = 'StateConflictError'
  constructor(message: string) {
    super(message, 'CONFLICT', 409)
  }
}
