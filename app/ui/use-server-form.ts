import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react'
import { formatPhone } from '#app/domain/masks'
import { serverFieldsOf } from './server-fields'

type Constraint = Parameters<typeof useForm>[0]['constraint']

/**
 * A form the server validates (Conform + the page's Zod schema on the server): the inputs carry the
 * generated constraints (`app/domain/form-constraints/<form>.ts`: maxLength stops typing, required and
 * pattern are announced), but Conform renders the form `novalidate`, so the checks are the server's:
 * its answer (`submission.reply()`) marks each refused field, with or without JavaScript, and Zod
 * stays off the client. Search forms (GET) use it too, with the URL's values as defaults.
 */
export function useServerForm<Values extends Record<string, unknown>, Output = Values>(
  id: string,
  constraint: Constraint,
  options: { lastResult?: unknown; defaultValue?: DefaultValue<Values> } = {},
) {
  const [form, fields] = useForm<Values, Output>({
    id,
    lastResult: (options.lastResult ?? undefined) as SubmissionResult<string[]> | undefined,
    constraint,
    defaultValue: options.defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  // The server renders once: its fields are read without Conform's per-read subscription work.
  // `import.meta.env.SSR` is false in the browser's build, so serverFieldsOf stays out of its chunks.
  return [form, import.meta.env.SSR && typeof document === 'undefined' ? serverFieldsOf(form, fields) : fields] as const
}

/**
 * A record's values as a form's text defaults: numbers as their text, null as blank, the `phones` in
 * the (###) ###-#### mask the phone fields type; nested lists and objects are left out (the form
 * gives them their own shape).
 */
export function textDefaults(record: object, phones: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, value]) => {
      if (value !== null && typeof value === 'object') return []
      if (phones.includes(key)) return [[key, formatPhone(typeof value === 'string' ? value : null)]]
      return [[key, value === null || value === undefined ? '' : String(value)]]
    }),
  )
}

/**
 * The id of a form that starts from `values` (a GET search's URL values): Conform reads a form's
 * defaults once per id, so a new search must be a new id. A short hash keeps the id a valid HTML id
 * whatever was typed.
 */
export function formIdFor(prefix: string, values: Record<string, string | undefined>): string {
  let hash = 0
  for (const [key, value] of Object.entries(values)) {
    for (const char of `${key}=${value ?? ''}&`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0
  }
  return `${prefix}-${(hash >>> 0).toString(36)}`
}
