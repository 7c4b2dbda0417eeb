import { useForm, type SubmissionResult } from '@conform-to/react'

type Constraint = Parameters<typeof useForm>[0]['constraint']

/**
 * A form the server validates (Conform + the page's Zod schema on the server): the browser checks the
 * generated constraints (`FORM_CONSTRAINTS.x`), the server's answer (`submission.reply()`) fills the
 * errors, and Zod stays off the client. Search forms (GET) use it too, with the URL's values as defaults.
 */
export function useServerForm<Values extends Record<string, unknown>>(
  id: string,
  constraint: Constraint,
  options: { lastResult?: unknown; defaultValue?: Partial<Values> } = {},
) {
  return useForm<Values>({
    id,
    lastResult: (options.lastResult ?? undefined) as SubmissionResult<string[]> | undefined,
    constraint,
    defaultValue: options.defaultValue as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
}
