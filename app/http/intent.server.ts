import { data } from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import { firstError } from './intent'

/**
 * The one answer shape of a page action with several forms (told apart by `intent`) when it does not
 * redirect: `{ intent, error?, warning?, …extra }` with the HTTP status of the refusal. Forms with
 * fields answer Conform's `submission.reply()` as `result` in the same object, so a page reads one
 * shape and shows each answer beside the form whose intent it carries (`replyFor` in ./intent).
 * Success redirects with a flash message instead (app/http/flash.server).
 */
export type IntentReply<Extra extends object = object> = {
  intent: string
  error?: string
  warning?: string
} & Partial<Extra>

/** The form's intent (`intent` button or hidden field); `fallback` when it has none. */
export function intentOf(form: FormData, fallback = ''): string {
  const intent = form.get('intent')
  return typeof intent === 'string' ? intent.slice(0, 100) : fallback
}

/** A refusal of one intent: the message shown beside that form, with its status. */
export function intentError<Extra extends object = object>(
  intent: string,
  status: number,
  error: string,
  extra: Partial<Extra> & { warning?: string } = {},
  headers?: HeadersInit,
) {
  return data<IntentReply<Extra>>({ intent, error, ...extra } as IntentReply<Extra>, { status, headers })
}

export { firstError }

/**
 * A form's refused fields, in the one multi-intent shape: Conform's reply as `result` (each field marks
 * its own message) and its first message as the intent's `error` (shown above the form).
 */
export function refusedFields<Extra extends object = object>(
  intent: string,
  result: SubmissionResult<string[]>,
  fallback: string,
  extra: Partial<Extra> & { warning?: string } = {},
  status = 400,
) {
  return intentError<Extra & { result: SubmissionResult<string[]> }>(
    intent,
    status,
    firstError(result.error) ?? fallback,
    { ...extra, result } as Partial<Extra & { result: SubmissionResult<string[]> }>,
  )
}
