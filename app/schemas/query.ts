import { z } from 'zod'

/**
 * Building blocks of the query strings: a search page's URL (a GET form, so a stale bookmark falls
 * back to defaults instead of failing) and an API call's parameters (refused with a message naming
 * the parameter).
 */

/** A page size among `sizes`; any other value falls back to the default (undefined). */
export const pageSizeParam = <const S extends readonly number[]>(sizes: S) =>
  z.coerce
    .number()
    .pipe(z.union(sizes.map((size) => z.literal(size as S[number]))))
    .optional()
    .catch(undefined)

/** One of `values` (a sort column); any other value falls back to the default (undefined). */
export const choiceParam = <const T extends string>(values: readonly T[]) =>
  z
    .enum(values as [T, ...T[]])
    .optional()
    .catch(undefined)

/** A search page's sort direction: 1 descending, 0 ascending; anything else falls back to the default. */
export const descParam = z.enum(['1', '0']).optional().catch(undefined)

/** A report page's Generate Report flag: `run=1` runs the report; anything else shows the form alone. */
export const runParam = z
  .literal('1')
  .optional()
  .catch(undefined)
  .transform((value) => value === '1')

/** An API's sort order, ASC or DESC in any case (`name` is the parameter the refusal names). */
export const sortOrderParam = (name: string) =>
  z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: `${name} must be ASC or DESC` }))

/** An API's optional row limit, a whole number from 1 to `max`. */
export const limitParam = (max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .max(max, `limit is at most ${max}`)
    .optional()

/** An API's required text parameter, trimmed, `min` to `max` characters (the refusals name it). */
export const requiredParam = (name: string, max: number, min = 1) =>
  boundedText(max, {
    required: `${name} is required`,
    tooLong: `${name} is at most ${max} characters`,
    min,
    tooShort: `${name} needs at least ${min} characters`,
  })

/**
 * Required text, trimmed, at most `max` characters: blank (or fewer than `min` characters) and too
 * long are refused with the messages given (a form's own wording, or an API parameter's).
 */
export const boundedText = (
  max: number,
  messages: { required: string; tooLong: string; min?: number; tooShort?: string },
) => {
  const min = messages.min ?? 1
  return z
    .string({ error: messages.required })
    .trim()
    .min(min, min === 1 ? messages.required : (messages.tooShort ?? messages.required))
    .max(max, messages.tooLong)
}

/** A page's URL read by a schema of its parameters: each parameter's first value (absent: undefined). */
export function parseParams<T extends z.ZodObject>(schema: T, params: URLSearchParams): z.infer<T> {
  return schema.parse(Object.fromEntries(Object.keys(schema.shape).map((key) => [key, params.get(key) ?? undefined])))
}
