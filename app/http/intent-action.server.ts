import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import type { ZodType } from 'zod'
import { intentsOf, refusalOf } from '#app/auth/action-intents'
import type { CurrentUser } from '#app/auth/guard.server'
import { ConflictError, DomainError, InvalidError } from '#app/domain/errors'
import { parseForm } from './conform.server'
import { refusalParts } from './errors.server'
import { readFormData } from './form.server'
import { firstError, intentError, intentOf, type IntentReply } from './intent.server'
import type { PageContext } from './page-route.server'

/** What an intent's handler is given: the page's context, the form, and the schema's parsed value. */
export interface IntentContext<Value, User = CurrentUser> extends PageContext<User> {
  form: FormData
  intent: string
  value: Value
  /** Conform's reply to the parsed form, for answers that keep the typed values beside a message. */
  reply: (options?: Parameters<SubmissionReply>[0]) => SubmissionResult<string[]>
}
type SubmissionReply = (options?: {
  formErrors?: string[]
  fieldErrors?: Record<string, string[]>
  hideFields?: string[]
  resetForm?: boolean
}) => SubmissionResult<string[]>

export interface IntentSpec<Value = unknown, User = CurrentUser> {
  /** The form's schema (parsed with parseForm; a refusal answers Conform's reply at the fields, 400). */
  schema?: ZodType<Value>
  /** The message above the form when the schema refuses and names no field's message. */
  invalid?: string
  /** The message above the form whenever the schema refuses, its fields carrying their own ('Please correct the fields marked below.'). */
  summary?: string
  /** Fields a refused answer never sends back (passwords). */
  hideFields?: string[]
  /** Words a refusal for a missing ability from the record (e.g. who holds the note). */
  refusal?(context: PageContext<User> & { form: FormData }): Promise<string | undefined> | string | undefined
  /**
   * What a refusal of the form (its schema's, or a DomainError its handler threw) carries beside
   * `error`, for a page that shows itself again from the answer (the note editor: the page as it was
   * sent, with the message). Its fields are added last, so it may replace `result`.
   */
  refused?(context: RefusedContext<User>): Promise<Record<string, unknown>> | Record<string, unknown>
  /** Success: a redirect with a flash, or data for the page (fetchers). Refusals are thrown DomainErrors. */
  handle(context: IntentContext<Value, User>): unknown
}

/** What an intent's `refused` is given: the page's context, the form, the refusal and Conform's reply (if any). */
export interface RefusedContext<User = CurrentUser> extends PageContext<User> {
  form: FormData
  intent: string
  error: DomainError
  result?: SubmissionResult<string[]>
}

/** A page's forms by intent; a key ending in ':' is a family (`detach:123`), as listed in action-intents. */
export type IntentTable<User = CurrentUser> = Record<string, IntentSpec<unknown, User>>

/** An intent's spec with its handler's value typed by its schema. */
export function intent<Value, User = CurrentUser>(spec: IntentSpec<Value, User>): IntentSpec<Value, User> {
  return spec
}

/**
 * The key of the table that serves an intent: itself, or the family (`detach:`) it belongs to (a
 * family's bare name too, which its handler refuses for the id it lacks, after the abilities).
 */
function keyOf(table: IntentTable<unknown>, intent: string): string | undefined {
  if (Object.hasOwn(table, intent)) return intent
  return Object.keys(table).find((key) => key.endsWith(':') && intent.startsWith(key))
}

/**
 * A body over the cap: the page's message (its error panel), or, given an intent, that intent's refusal
 * in the one intent shape (413), so an upload form shows it in place.
 */
export type TooLarge = string | { intent: string; message: string }

/** Whether a thrown value is readFormData's answer to a body over the cap (data(…, { status: 413 })). */
const isTooLarge = (thrown: unknown) =>
  typeof thrown === 'object' && thrown !== null && (thrown as { init?: { status?: number } }).init?.status === 413

/**
 * A page action as the intent table run as code. The route's intents and the abilities each needs
 * are app/auth/action-intents.ts (the authorization walk reads the same table): a table that serves
 * an intent not listed there, or misses one listed, throws when the route module loads, so the two
 * cannot drift. Per request it reads the form (one byte cap), takes its intent (`defaultIntent` for a
 * form without one), refuses a missing ability with the one 403 shape, parses with the intent's schema
 * (refused fields: Conform's reply, 400), runs the handler, and answers a thrown DomainError in the one
 * intent-error shape `{ intent, error, result?, current? }` with the error's status.
 */
export function intentAction<User extends CurrentUser | null>(
  pattern: string,
  table: IntentTable<User>,
  options: { defaultIntent?: string; tooLarge?: TooLarge; maxBytes?: number } = {},
) {
  const listed = intentsOf(pattern)
  const served = Object.keys(table).sort()
  const missing = listed.filter((name) => !Object.hasOwn(table, name))
  const unlisted = served.filter((name) => !listed.includes(name))
  if (missing.length || unlisted.length)
    throw new Error(
      `${pattern}: the action's intents differ from app/auth/action-intents.ts (not served: ${missing.join(', ') || '-'}; not listed: ${unlisted.join(', ') || '-'})`,
    )

  return async (context: PageContext<User>) => {
    const tooLarge = options.tooLarge
    const form = await readFormData(context.request, {
      tooLarge: typeof tooLarge === 'object' ? tooLarge.message : tooLarge,
      maxBytes: options.maxBytes,
    }).catch((thrown: unknown) => {
      if (typeof tooLarge === 'object' && isTooLarge(thrown)) return intentError(tooLarge.intent, 413, tooLarge.message)
      throw thrown
    })
    if (!(form instanceof FormData)) return form
    const name = intentOf(form, options.defaultIntent ?? '')
    const key = keyOf(table as IntentTable<unknown>, name)
    if (key === undefined) return intentError(name, 400, 'This form cannot be sent here.')
    const user = context.user as CurrentUser | null
    const spec = table[key]
    const refusal = user ? refusalOf(pattern, key, user) : null
    if (refusal) return intentError(name, 403, (await spec.refusal?.({ ...context, form })) ?? refusal)
    let reply: IntentContext<unknown, User>['reply'] = () => ({ status: 'success' }) as SubmissionResult<string[]>
    let value: unknown = undefined
    if (spec.schema) {
      const submission = parseForm(form, { schema: spec.schema })
      if (submission.status !== 'success') {
        const result = submission.reply({ hideFields: spec.hideFields })
        // A Conform control intent (a list row added or removed without JavaScript) is the form again, not a refusal.
        if (submission.status !== 'error') return data<IntentReply<{ result: typeof result }>>({ intent: name, result })
        const message = spec.summary ?? firstError(result.error) ?? spec.invalid ?? 'Check the form.'
        const refused = await spec.refused?.({
          ...context,
          form,
          intent: name,
          error: new InvalidError(message),
          result,
        })
        return intentError(name, 400, message, { result, ...refused })
      }
      value = submission.value
      reply = (replyOptions) => submission.reply({ hideFields: spec.hideFields, ...replyOptions })
    }
    try {
      return await spec.handle({ ...context, form, intent: name, value, reply })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      const { extra, headers } = refusalExtra(error, spec.schema ? reply : null)
      const refused = await spec.refused?.({ ...context, form, intent: name, error, result: extra.result })
      return intentError(name, error.status, error.message, { ...extra, ...refused }, headers)
    }
  }
}

/**
 * What a DomainError thrown by a handler carries in the one intent-error shape: a conflict the current
 * record, an error naming its field (`{ field }`: an invalid value, someone else's hours) Conform's reply
 * marking that field (when the form had a schema); a throttled one (`retryAfterSeconds`) sends Retry-After.
 */
function refusalExtra(
  error: DomainError,
  reply: IntentContext<unknown>['reply'] | null,
): { extra: Record<string, unknown> & { result?: SubmissionResult<string[]> }; headers?: HeadersInit } {
  const { extra: parts, headers } = refusalParts(error)
  const extra: Record<string, unknown> & { result?: SubmissionResult<string[]> } = { ...parts }
  if (error instanceof ConflictError) extra.current = error.current
  if (reply) {
    const field = typeof error.extra.field === 'string' ? error.extra.field : ''
    extra.result = field ? reply({ fieldErrors: { [field]: [error.message] } }) : reply()
  }
  return { extra, headers }
}
