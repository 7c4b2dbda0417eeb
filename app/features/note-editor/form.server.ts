import { parseForm } from '#app/http/conform.server'
import type { Submission, SubmissionResult } from '@conform-to/react'
import { firstError } from '#app/http/intent.server'
import { parseAddressList } from '#app/domain/note-editor'
import { editorFormSchema, MAX_BODY_CHARS, MAX_RE_CHARS, type EditorForm } from '#app/schemas/note-editor'
import type { EditorValues } from './types'
import { parseId } from '#app/domain/ids'

/**
 * The editor's one form (spec 2 §2.5, schema in app/schemas/note-editor.ts), parsed on the server with
 * Conform: a refusal is Conform's reply (each field marks its own message) plus the values as typed,
 * so the page comes back as it was sent.
 */

type Recipients = { plid: number; to: boolean; cc: boolean; bcc: boolean }[]

export type ParsedEditorForm =
  | {
      ok: true
      form: EditorForm
      submission: Submission<EditorForm>
      values: EditorValues
      recipients: Recipients
      typedTo: string[]
    }
  | { ok: false; message: string; result: SubmissionResult<string[]>; values: EditorValues; recipients: Recipients }

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

function rawRecipients(form: FormData): Recipients {
  const ids = (key: string) =>
    new Set(
      form
        .getAll(key)
        .map(parseId)
        .filter((id) => id !== null),
    )
  const to = ids('rcptTo')
  const cc = ids('rcptCc')
  const bcc = ids('rcptBcc')
  return [...ids('rcpt')].slice(0, 200).map((id) => ({ plid: id, to: to.has(id), cc: cc.has(id), bcc: bcc.has(id) }))
}

/**
 * A Conform reply without the submitted values: the view carries them (`values`), and echoing a
 * 200,000-character body back a second time would only double the page.
 */
export function replyOf(
  submission: Submission<EditorForm>,
  options: { fieldErrors?: Record<string, string[]> } = {},
): SubmissionResult<string[]> {
  const { initialValue: _typed, ...reply } = submission.reply(options)
  return reply
}

export function parseEditorForm(form: FormData): ParsedEditorForm {
  const values = rawValues(form)
  const recipients = rawRecipients(form)
  const submission = parseForm(form, { schema: editorFormSchema })
  if (submission.status !== 'success') {
    const result = replyOf(submission)
    return { ok: false, message: firstError(result.error) ?? 'Check the form.', result, values, recipients }
  }
  return {
    ok: true,
    form: submission.value,
    submission,
    values,
    recipients,
    typedTo: parseAddressList(submission.value.to).addresses,
  }
}
