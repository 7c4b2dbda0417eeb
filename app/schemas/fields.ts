import { z } from 'zod'
import { cleanName, digitsOnly, EMAIL_PATTERN } from '#app/domain/masks'
import { parseId } from '#app/domain/ids'

/** Field schemas shared by the firm, person and contact forms (Conform sends blanks as undefined). */

export const FIELD_REQUIRED = 'Field is required'

/**
 * A typed value as it is stored: NUL characters dropped (PostgreSQL text cannot hold them) and line
 * breaks written LF (a browser posts a textarea's as CRLF, a script sends LF: the same text has to
 * compare equal, or every save without JavaScript would record a change nobody made).
 */
export const typedText = (value: unknown) =>
  typeof value === 'string'
    ? value.includes('\r')
      ? value.replaceAll('\u0000', '').replace(/\r\n?/g, '\n')
      : value.replaceAll('\u0000', '')
    : value

/**
 * PostgreSQL text cannot hold NUL: every request reader (JSON, form, query) removes it from every
 * string before the schemas see it, so a stray NUL is never a 500.
 */
export function stripNul(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value
  if (Array.isArray(value)) return value.map(stripNul)
  if (value !== null && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [stripNul(key) as string, stripNul(entry)]))
  }
  return value
}

export const requiredText = (message: string, max = 200) =>
  z.preprocess(typedText, z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`))

/**
 * Optional text read by `read` (a date, an amount, a percent): blank is null, text it cannot read is
 * refused with `message`. `prepare` turns what a JSON body sends (a number) into text first.
 */
/** A money amount's format (claims, policies): digits and at most two decimals, no commas or dollar signs. */
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount like 1234.56'

/** A text field read by `read` (null: refused with `message`, which may depend on what was typed). */
export const readTextField = <T>(
  read: (text: string) => T | null,
  message: string | ((text: string) => string),
  prepare: (value: unknown) => unknown = typedText,
) =>
  z.preprocess(
    prepare,
    z
      .string()
      .trim()
      .optional()
      .transform((text, ctx): T | null => {
        if (!text) return null
        const value = read(text)
        if (value === null) {
          ctx.addIssue({ code: 'custom', message: typeof message === 'string' ? message : message(text) })
          return z.NEVER
        }
        return value
      }),
  )

export const optionalText = (max = 200) =>
  z.preprocess(
    typedText,
    z
      .string()
      .trim()
      .max(max, `At most ${max} characters`)
      .optional()
      .transform((value) => (value ? value : null)),
  )

/** A phone typed with the (###) ###-#### mask, stored as its ten digits. */
export const phoneField = (message = 'Phone must have 10 digits') =>
  z
    .string()
    .max(40)
    .optional()
    .transform((value) => digitsOnly(value))
    .refine((digits) => digits === '' || digits.length === 10, message)
    .transform((digits) => (digits === '' ? null : digits))

export { EMAIL_PATTERN }
/** An optional email (blank is none), checked only when given. */
export const emailField = (message = 'Email must be valid') =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : typedText(value)),
    z
      .string()
      .trim()
      .max(200, 'At most 200 characters')
      .regex(EMAIL_PATTERN, message)
      .optional()
      .transform((value) => value ?? null),
  )

/** A part of a person's name (prefix, given, role, …), tidied by cleanName; blank is none. */
export const nameField = (max = 100) =>
  z.preprocess(
    typedText,
    z
      .string()
      .max(max, `At most ${max} characters`)
      .optional()
      .transform((value) => (value ? cleanName(value) || null : null)),
  )

/** A person's surname: required (with the form's message), tidied by cleanName. */
export const surnameField = (message: string) =>
  z
    .preprocess(typedText, z.string({ error: message }))
    .pipe(z.string().max(100, 'At most 100 characters'))
    .transform(cleanName)
    .refine((value) => value.length > 0, message)

/** A phone extension: digits only, at most ten (spec 2 §5). */
export const extField = z
  .string()
  .optional()
  .refine((value) => !value || /^\d*$/.test(value.trim()), 'Numbers only')
  .refine((value) => !value || value.trim().length <= 10, 'Limit 10 digits')
  .transform((value) => (value ? digitsOnly(value) || null : null))

/** A US state code from the states list. */
export const stateField = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'Pick a state from the list')
  .optional()
  .transform((value) => value ?? null)

export const versionField = z.coerce
  .number({ error: 'version is required' })
  .int()
  .min(1)
  .max(2 ** 31 - 1)

/**
 * A record id in a query or body (a number, or its digits as text), read by the one id parser
 * (`parseId`): `1e3`, `05` or `-1` are refused with `message`, the same as in a URL.
 */
export const idField = (message = 'must be a record id') =>
  // Numbers are read as their text, not as a union: a union's branches would make the generated
  // browser constraint `required` even where the field is optional.
  z
    .preprocess(
      (value) => (typeof value === 'number' ? String(value) : value),
      z.string({ error: message }).max(20, message),
    )
    .transform((value, ctx) => {
      const id = parseId(value)
      if (id === null) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return id
    })

/** A body's or query's id named in its message (`plid must be a record id`). */
export const namedIdField = (name: string) => idField(`${name} must be a record id`)

/** An optional id picked from a list: blank (or JSON null) is none. */
export const optionalIdField = (message?: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    idField(message)
      .optional()
      .transform((value) => value ?? null),
  )

/** A query's list: comma-separated or repeated (`?fields=a,b` or `?fields=a&fields=b`), trimmed, blanks dropped. */
export const queryList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean),
)

/** A query's list (queryList), empty when absent. */
export const commaList = queryList.optional().transform((values) => values ?? [])
