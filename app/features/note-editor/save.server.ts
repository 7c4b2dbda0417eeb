import { actorOf } from '#app/models/note.server'
import { data } from '@remix-run/node'
import { getDb } from '#app/db/client.server'
import { EMAIL_MESSAGES, isSendIncomplete } from '#app/domain/email'
import { formatDisplayDate } from '#app/domain/dates'
import { DomainError, InvalidError } from '#app/domain/errors'
import { fillLetter, salutationOf } from '#app/domain/letters'
import { joinToLine, parseDateTimeLocal, recipientAddresses } from '#app/domain/note-editor'
import { htmlToPlain, isOwner, maySend, NOTE_MESSAGES, plainToHtml } from '#app/domain/notes'
import { redirectWithFlash } from '#app/http/flash.server'
import { getFirm } from '#app/models/firm.server'
import { letterTemplate } from '#app/models/letter.server'
import { pickerPolicies, policyLabel, recipientPeople, saveNoteAndRecipients } from '#app/models/note-editor.server'
import { availableSigners, type NoteChanges, type NoteEntity } from '#app/models/note.server'
import type { EditorForm } from '#app/schemas/note-editor'
import { EditorRefusal } from './editor.server'
import { answer, type Editing } from './editing.server'
import { sendFromEditor } from './send.server'
import type { SendAnswer } from './types'
import { firmNameOf, toDateTimeLocal } from './view.server'

/**
 * Save, Send and the Letters templates of the editor (spec 2 §2.5, §4 email flow): a For change to
 * someone else is confirmed first; the note and its recipients are saved in one transaction against
 * the form's version (a lost race: the model's ConflictError, answered with the current note).
 */

const lower = (text: string | null | undefined) => (text ?? '').toLowerCase()

function localDate(text: string): Date {
  const parts = parseDateTimeLocal(text)!
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute)
}

/** The fields of the form that differ from the note as stored (only those are sent to updateNote). */
function changesFrom(note: NoteEntity, form: EditorForm, toLine: string): NoteChanges {
  const changes: NoteChanges = {}
  if (form.dated && form.dated !== toDateTimeLocal(note.dated)) changes.dated = localDate(form.dated)
  if (form.type && form.type !== note.type) changes.type = form.type
  if (form.status && form.status !== note.status) changes.status = form.status
  if (form.staff && form.staff.toLowerCase() !== (note.staff ?? '').toLowerCase()) changes.staff = form.staff
  if (form.pid !== (note.pid ?? null)) changes.pid = form.pid
  if ((form.signer || null) !== (note.signer ?? null)) changes.signer = form.signer || null
  if (form.re.trim() !== (note.re ?? '')) changes.re = form.re.trim() || null
  const html = form.html === '1'
  if (html !== note.html) changes.html = html
  if (form.note !== (note.note ?? '') || changes.html !== undefined) changes.note = form.note
  if (toLine !== (note.to ?? '')) changes.to = toLine || null
  return changes
}

/** The recipients with their addresses (people as they are now). */
async function addressed({ recipients }: Editing) {
  const people = await recipientPeople(
    getDb(),
    recipients.map((row) => row.plid),
  )
  const emails = new Map(people.map((person) => [person.plid, person.email]))
  return recipients.map((row) => ({ ...row, name: '', email: emails.get(row.plid) ?? null }))
}

/** Note fields and recipients in one transaction, against the form's version. */
async function persist(editing: Editing): Promise<NoteEntity> {
  const { context, note, value, recipients } = editing
  const toLine = joinToLine(await addressed(editing), editing.typedTo)
  return saveNoteAndRecipients(
    getDb(),
    note.nid,
    value.version,
    changesFrom(note, value, toLine),
    recipients,
    actorOf(context.user),
  )
}

/** Where a save lands: the note again, or (when this save gave it to someone else) its read-only view with the explanation. */
function afterSave({ context, note, here }: Editing, saved: NoteEntity): string {
  const gaveAway = lower(saved.staff) !== lower(note.staff) && !isOwner(saved, context.user)
  return gaveAway ? `${context.url.pathname}?given=1` : here
}

/** Save (and give, its confirmation): a For change to someone else is confirmed first (Reassigning note). */
export async function save(editing: Editing) {
  const { context, note, value } = editing
  const givingAway =
    !!value.staff && lower(value.staff) !== lower(note.staff) && lower(value.staff) !== lower(context.user.username)
  if (givingAway && context.intent === 'save')
    return answer(editing, { dialog: { kind: 'reassign', to: value.staff! } })
  const saved = await persist(editing)
  return redirectWithFlash(afterSave(editing, saved), { message: NOTE_MESSAGES.saved, kind: 'success' })
}

/**
 * Send (spec 2 §4 email flow): the checks (each its dialog), the confirmation, then save recipients
 * and note, then send through the mail service. Without JavaScript the outcome is a redirect with its
 * snackbar; a send by script answers it (`js=1`) and the page reloads the note itself.
 */
export async function send(editing: Editing, confirmed: boolean) {
  const { context, note, value } = editing
  if (!maySend(value.status ?? note.status) || !maySend(note.status))
    throw new EditorRefusal(EMAIL_MESSAGES.noteDone, 409)
  const rows = await addressed(editing)
  const to = [...new Set([...recipientAddresses(rows, 'to'), ...editing.typedTo])]
  const html = value.html === '1'
  if (isSendIncomplete({ to, from: value.signer, subject: value.re, body: value.note, html }))
    throw new EditorRefusal(NOTE_MESSAGES.missingFields, 400, { dialog: { kind: 'missing' }, alert: null })
  const signer = (await availableSigners(getDb())).find(
    (candidate) => lower(candidate.username) === lower(value.signer),
  )
  if (!signer)
    throw new EditorRefusal(NOTE_MESSAGES.invalidFrom(value.signer || '(blank)'), 400, {
      dialog: { kind: 'invalidFrom', from: value.signer },
      alert: null,
    })
  if (!confirmed) return answer(editing, { dialog: { kind: 'confirmSend' } })
  const saved = await persist(editing)
  const sent = await sendFromEditor({
    note: saved,
    actor: actorOf(context.user),
    signer: signer.username,
    to,
    cc: recipientAddresses(rows, 'cc'),
    bcc: recipientAddresses(rows, 'bcc'),
    subject: value.re.trim(),
    body: value.note,
    html,
    attach: value.attach !== undefined,
  })
  const next = afterSave(editing, saved)
  const js = context.form.get('js') === '1'
  if (sent.ok) {
    if (js)
      return data<SendAnswer>({
        intent: context.intent,
        sent: true,
        message: NOTE_MESSAGES.sent,
        warning: sent.warning,
        next,
      })
    return redirectWithFlash(next, {
      message: (sent.warning ? `${NOTE_MESSAGES.sent} ${sent.warning}` : NOTE_MESSAGES.sent).slice(0, 500),
      kind: 'success',
    })
  }
  // Saved, not sent (the attempt is in the tranlog as failed): the error snackbar with the reason.
  if (js) throw new DomainError(NOTE_MESSAGES.sendFailed, 'SEND_FAILED', 502, { detail: sent.detail, next })
  return redirectWithFlash(next, { message: `${NOTE_MESSAGES.sendFailed} ${sent.detail}`.slice(0, 500), kind: 'error' })
}

/** A Letters template into the body (Use, without JavaScript): over text, the Paste Over Warning first. */
export async function applyTemplate(editing: Editing, confirmed: boolean) {
  const { note, value, values, recipients } = editing
  const db = getDb()
  const template = value.letter === null ? null : await letterTemplate(db, value.letter)
  if (!template) throw new InvalidError('Choose a letter template.', { field: 'letter' })
  const hasText = (values.html ? htmlToPlain(values.note) : values.note).trim() !== ''
  if (hasText && !confirmed) return answer(editing, { dialog: { kind: 'pasteOver', letter: template.name } })
  const [people, signers, policies, firm] = await Promise.all([
    recipientPeople(
      db,
      recipients.filter((row) => row.to).map((row) => row.plid),
    ),
    availableSigners(db),
    pickerPolicies(db, note.fid),
    note.fid ? getFirm(db, note.fid) : null,
  ])
  const first = recipients.find((row) => row.to && people.some((person) => person.plid === row.plid))
  const signer = signers.find((candidate) => lower(candidate.username) === lower(values.signer))
  const policy = policies.find((candidate) => String(candidate.pid) === values.pid)
  const filled = fillLetter(template.body, {
    salutation: salutationOf(people.find((person) => person.plid === first?.plid)),
    firm: firmNameOf(note, firm),
    signer: signer?.longName ?? signer?.username ?? null,
    date: formatDisplayDate(new Date()),
    re: values.re,
    policy: policy ? policyLabel(policy) : null,
  })
  return answer(editing, { values: { ...values, note: values.html ? plainToHtml(filled) : filled } })
}
