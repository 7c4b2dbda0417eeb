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

/** The API's status word for each HTTP status a refusal can have. */
const CODES: Record<number, string> = {
  400: 'INVALID_PARAMS',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
}

export function codeForStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'ERROR' : 'INVALID_PARAMS')
}

/**
 * A refusal whose status the rule itself picks (the note rules answer 400, 403, 404 or 409 with the
 * spec's message); the code follows the status, the same on every route.
 */
export class RuleError<S extends number = 400 | 403 | 404 | 409> extends DomainError {
  override name = 'RuleError'
  declare readonly status: S
  constructor(message: string, status: S, extra: Record<string, unknown> = {}) {
    super(message, codeForStatus(status), status, extra)
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

/** The spec's access-denied text (spec 1 §2.1, §6; spec 3 §2): the no-permission page, the guard, refusals. */
export const ACCESS_DENIED = 'You do not have permission to view this page'

export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError'
  constructor(message = ACCESS_DENIED) {
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

/** What a page or API call needing the database answers while it cannot be reached (issue 27). */
export const DATABASE_UNAVAILABLE = 'The database is not available at the moment. Try again in a few seconds.'
/** The Retry-After of that answer: the embedded server restarts within a second or two, a failover takes longer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/** The database could not be reached or dropped the connection: 503 with Retry-After, never a 500. */
export class UnavailableError extends DomainError {
  override name = 'UnavailableError'
  constructor(message = DATABASE_UNAVAILABLE, retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS) {
    super(message, 'SERVICE_UNAVAILABLE', 503, { retryAfterSeconds })
  }
}
