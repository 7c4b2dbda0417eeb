import type { SubmissionResult } from '@conform-to/react'
import { parseForm } from '#app/http/conform.server'
import { editorRecipientsSchema, MAX_BODY_CHARS, MAX_RE_CHARS, type EditorForm } from '#app/schemas/note-editor'
import type { EditorValues } from './types'

/**
 * The editor's one form (spec 2 §2.5, schema in app/schemas/note-editor.ts) as the page shows it
 * again: the values the user typed, whatever their validity, and the recipients the form carries.
 */

export type FormRecipient = { plid: number; to: boolean; cc: boolean; bcc: boolean }

/** The values the user typed, whatever their validity, so a refused form is shown as it was sent. */
export function rawValues(form: FormData): EditorValues {
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
    letter: get('letter').slice(0, 20),
  }
}

/** The recipient rows of a parsed form (rcpt, and the roles each holds). */
export function recipientsOf(value: Pick<EditorForm, 'rcpt' | 'rcptTo' | 'rcptCc' | 'rcptBcc'>): FormRecipient[] {
  const to = new Set(value.rcptTo)
  const cc = new Set(value.rcptCc)
  const bcc = new Set(value.rcptBcc)
  return [...new Set(value.rcpt)].map((plid) => ({ plid, to: to.has(plid), cc: cc.has(plid), bcc: bcc.has(plid) }))
}

/** The recipients a form carries, read alone (the rest of it may be refused); none if they are not ids. */
export function formRecipients(form: FormData): FormRecipient[] {
  const submission = parseForm(form, { schema: editorRecipientsSchema })
  return submission.status === 'success' ? recipientsOf(submission.value) : []
}

/**
 * A Conform reply without the submitted values: the view carries them (`values`), and echoing a
 * 200,000-character body back a second time would only double the page.
 */
export function withoutTypedValues(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const { initialValue: _typed, ...reply } = result
  return reply
}
