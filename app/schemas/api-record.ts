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
