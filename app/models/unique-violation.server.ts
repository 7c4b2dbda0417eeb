const UNIQUE_VIOLATION = '23505'

/**
 * A unique index refused a write (two people adding the same row at once): PostgreSQL's code on the
 * error or on any error it was wrapped in.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  return false
}
