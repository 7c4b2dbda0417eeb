import { z } from 'zod'
import { describeIssues } from '#app/http/api.server'
import { noNul, versionField, idField } from '#app/schemas/fields'
import { NOTE_STATUS_LIST, NOTE_TYPE_LIST } from '#app/domain/notes'
import { EMAIL_MESSAGES, MAX_RECIPIENTS, cleanSubject } from '#app/domain/email'
import { parseAddressList, parseDateTimeLocal } from '#app/domain/note-editor'
import type { EditorValues } from './types'
import { parseId } from '#app/domain/ids'

/**
 * The editor's one form (spec 2 §2.5), parsed on the server with Zod: every intent sends the whole form,
 * so a dialog, a template or a recipient search re-renders the user's unsaved values.
 */

export const MAX_BODY_CHARS = 200_000
export const MAX_RE_CHARS = 500

const text = (max: number, message: string) => z.preprocess(noNul, z.string().max(max, message).optional().default(''))
const plid = idField()

export const editorFormSchema = z.object({
  version: versionField,
  dated: z.preprocess(noNul, z.string().max(40).optional().default('')).refine((value) => value === '' || parseDateTimeLocal(value) !== null, 'Enter a valid date and time.'),
  type: z.enum(NOTE_TYPE_LIST, { error: 'Choose a note type from the list.' }).optional(),
  status: z.enum(NOTE_STATUS_LIST, { error: 'Choose a status from the list.' }).optional(),
  staff: z.preprocess(noNul, z.string().trim().max(100, 'For is at most 100 characters').optional()),
  pid: z.preprocess((value) => (value === '' || value === undefined ? null : value), idField('Choose a policy from the list.').nullable()),
  signer: z.preprocess(noNul, z.string().trim().max(100, 'From is at most 100 characters').optional().default('')),
  to: text(4000, 'To is at most 4000 characters'),
  re: text(MAX_RE_CHARS, `Re is at most ${MAX_RE_CHARS} characters`).refine((value) => cleanSubject(value) !== null, EMAIL_MESSAGES.invalidSubject),
  note: text(MAX_BODY_CHARS, `The note is at most ${MAX_BODY_CHARS} characters`),
  html: z.enum(['0', '1']).optional().default('0'),
  attach: z.string().optional(),
  letter: z.string().max(20).optional().default(''),
  rcpt: z.array(plid).max(200, 'At most 200 recipients'),
  rcptTo: z.array(plid),
  rcptCc: z.array(plid),
  rcptBcc: z.array(plid),
  rq: z.preprocess(noNul, z.string().max(100).optional().default('')),
})
export type EditorForm = z.infer<typeof editorFormSchema>

const LISTS = ['rcpt', 'rcptTo', 'rcptCc', 'rcptBcc'] as const

/** FormData to the schema's shape: repeated keys become arrays, files are left to the upload intent. */
function formObject(form: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of form) if (typeof value === 'string' && !(LISTS as readonly string[]).includes(key)) object[key] = value
  for (const key of LISTS) object[key] = form.getAll(key).filter((value) => typeof value === 'string' && value !== '')
  return object
}

export type ParsedEditorForm =
  | { ok: true; form: EditorForm; values: EditorValues; recipients: { plid: number; to: boolean; cc: boolean; bcc: boolean }[]; typedTo: string[] }
  | { ok: false; message: string; field: string | null; values: EditorValues; recipients: { plid: number; to: boolean; cc: boolean; bcc: boolean }[] }

/** The values the user typed, whatever their validity, so a refused form is shown as it was sent. */
function rawValues(form: FormData): EditorValues {
  const get = (key: string) => {
    const value = form.get(key)
    return typeof value === 'string' ? value.replaceAll('\u0000', '') : ''
  }
  return {
    dated: get('dated').slice(0, 40),
    type: get('type'),
    status: get('status'),
    staff: get('staff').slice(0, 100),
    pid: get('pid'),
    signer: get('signer').slice(0, 100),
    to: get('to').slice(0, 4000),
    re: get('re').slice(0, MAX_RE_CHARS),
    note: get('note').slice(0, MAX_BODY_CHARS),
    html: get('html') === '1',
    attach: form.get('attach') !== null,
    letter: get('letter'),
  }
}

function rawRecipients(form: FormData) {
  const ids = (key: string) => new Set(form.getAll(key).map(parseId).filter((id) => id !== null))
  const to = ids('rcptTo')
  const cc = ids('rcptCc')
  const bcc = ids('rcptBcc')
  return [...ids('rcpt')].slice(0, 200).map((id) => ({ plid: id, to: to.has(id), cc: cc.has(id), bcc: bcc.has(id) }))
}

export function parseEditorForm(form: FormData): ParsedEditorForm {
  const values = rawValues(form)
  const recipients = rawRecipients(form)
  const parsed = editorFormSchema.safeParse(formObject(form))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : null
    return { ok: false, message: issue ? issue.message : describeIssues(parsed.error), field, values, recipients }
  }
  const typed = parseAddressList(parsed.data.to)
  if (typed.invalid.length) return { ok: false, message: EMAIL_MESSAGES.invalidAddress(typed.invalid[0]), field: 'to', values, recipients }
  if (typed.addresses.length > MAX_RECIPIENTS) return { ok: false, message: EMAIL_MESSAGES.tooManyRecipients, field: 'to', values, recipients }
  return { ok: true, form: parsed.data, values, recipients, typedTo: typed.addresses }
}
