import { z } from 'zod'

/**
 * A JSON object body for the form schemas: null becomes "absent" and numbers become text, so one
 * schema (written for form data) validates both the page's form and the API's JSON.
 */
export const apiRecord = z
  .record(z.string(), z.unknown(), { error: 'The body must be a JSON object.' })
  .transform((body) =>
    Object.fromEntries(
      Object.entries(body)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([key, value]) => [key, typeof value === 'number' || typeof value === 'boolean' ? String(value) : value]),
    ),
  )

/**
 * A JSON body of changes (PUT /api/claims/{id}, PUT /api/policies/{id}, each person of /api/people): only the fields it names are
 * written, the others keep their values; JSON null clears a field (read as a blank form field, which
 * the field schemas turn into null, or 0 for money), numbers and booleans are read as text.
 */
export const apiChangesOf = (message: string) =>
  z.record(z.string(), z.unknown(), { error: message }).transform((body): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(body)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [
          key,
          value === null ? '' : typeof value === 'number' || typeof value === 'boolean' ? String(value) : value,
        ]),
    ),
  )
export const apiChanges = apiChangesOf('The body must be a JSON object.')
