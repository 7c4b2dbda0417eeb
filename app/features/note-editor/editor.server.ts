import { canEditNotes, canSendEmail } from '#app/auth/abilities'
import { data } from '@remix-run/node'
import { type CurrentUser } from '#app/auth/guard.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { isSameOriginRequest } from '#app/http/same-origin'
import { getDb } from '#app/db/client.server'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { fillLetter, salutationOf } from '#app/domain/letters'
import { htmlToPlain, isClosed, isOwner, maySend, NOTE_MESSAGES, plainToHtml } from '#app/domain/notes'
import { EMAIL_MESSAGES, isSendIncomplete } from '#app/domain/email'
import { joinToLine, parseDateTimeLocal, recipientAddresses } from '#app/domain/note-editor'
import { ConflictError } from '#app/models/change-log.server'
import { letterTemplate } from '#app/models/letter.server'
import { pickerPolicies, policyLabel, recipientPeople, saveNoteAndRecipients } from '#app/models/note-editor.server'
import {
  availableSigners,
  getNote,
  markNoteRead,
  NoteRuleError,
  takeNote,
  type Actor,
  type NoteChanges,
  type NoteEntity,
} from '#app/models/note.server'
import { readFormData } from '#app/http/form.server'
import { fileAction } from './files.server'
import { parseEditorForm, replyOf } from './form.server'
import type { EditorForm } from '#app/schemas/note-editor'
import { sendFromEditor } from './send.server'
import type { EditorDialog, EditorMode, EditorValues, SendAnswer } from './types'
import { buildEditorView, modeFor, toDateTimeLocal, type ViewOptions } from './view.server'
import { parseId } from '#app/domain/ids'

/**
 * The Note/Email editor (spec 2 §2.5, §4, §5): the loader applies the ownership rules on opening; the
 * action serves the form's intents. Every intent posts the whole form, so anything that is not a save
 * (a dialog, a template, a recipient search, a file) re-renders the user's unsaved values.
 */

export const EDITOR_ROUTE = '/editNoteEmail/:id'
export const NO_EDIT_RIGHT = 'You do not have permission to edit notes.'

const loadFailed = () => data({ message: NOTE_MESSAGES.loadFailed }, { status: 404 })

/** The note id of the URL; anything else is the spec's load-failed 404. */
export function noteIdOf(param: string | undefined): number {
  const nid = parseId(param)
  if (nid === null) throw loadFailed()
  return nid
}

const actorOf = (user: CurrentUser): Actor => ({ id: user.id, username: user.username, isAdmin: user.isAdmin })

function notYoursDialog(note: Pick<NoteEntity, 'staff'>): EditorDialog {
  return {
    kind: 'notInYourName',
    text: note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName,
  }
}

/**
 * Opening the editor (spec 2 §4): a user with note-edit opening an open note that is not theirs takes it
 * ('took from {staff}'); an admin is asked first; a closed note of someone else's, or a user without
 * note-edit, gets the read-only view and the "not in your name" dialog. Right after giving a note away
 * (?given=1) nothing is taken: the note shows read-only with the explanation. Every open marks the note read.
 * All of that only for a same-origin request: opened from another site nothing changes, and a note
 * it would have taken shows read-only with Take (issue 23).
 */
export async function loadNoteEditor(request: Request, user: CurrentUser, nid: number) {
  const db = getDb()
  const url = new URL(request.url)
  let note = await getNote(db, nid, user)
  if (!note) throw loadFailed()
  const canEdit = canEditNotes(user)
  const owner = isOwner(note, user)
  // Opening changes the note (taken, opened, read): only for a same-origin request. A link on another
  // site, or a sibling site, shows it as it is, with Take (a post of the take intent) to take it here.
  const sameOrigin = isSameOriginRequest(request)
  let mode: EditorMode
  let dialog: EditorDialog | null = null
  let alert: ViewOptions['alert'] = null
  // The dialogs shown on opening are closed through the address (?seen=1), so they close without JavaScript.
  const seen = url.searchParams.get('seen') === '1'
  if (!canEdit) {
    mode = 'read'
    if (owner) alert = { kind: 'info', text: NO_EDIT_RIGHT }
    else if (!seen) dialog = notYoursDialog(note)
  } else if (owner) {
    if (sameOrigin) note = await takeNote(db, nid, actorOf(user), { opened: true })
    mode = 'edit'
  } else if (url.searchParams.get('given') === '1') {
    mode = 'given'
    if (!seen) dialog = { kind: 'given', text: NOTE_MESSAGES.readOnlyGivenAway(note.staff ?? 'nobody') }
  } else if (user.isAdmin) {
    // Admins may edit regardless of owner; they are asked before the note changes hands.
    mode = 'edit'
    if (url.searchParams.get('notake') !== '1') dialog = { kind: 'take', owner: note.staff ?? 'nobody' }
  } else if (!isClosed(note.status) && url.searchParams.get('read') === '1') {
    // Chose to only read it (from the dialog below).
    mode = 'read'
  } else if (!isClosed(note.status) && !sameOrigin) {
    // A link on another site must not move a note between people: the user takes it here, or not.
    mode = 'read'
    dialog = { kind: 'takeHere', owner: note.staff ?? 'nobody' }
  } else if (!isClosed(note.status)) {
    try {
      note = await takeNote(db, nid, actorOf(user), { opened: true })
      mode = 'edit'
    } catch (error) {
      // Closed by someone else a moment ago: shown read-only, as any closed note of someone else's.
      if (!(error instanceof NoteRuleError)) throw error
      note = (await getNote(db, nid, user)) ?? note
      mode = 'read'
      if (!seen) dialog = notYoursDialog(note)
    }
  } else {
    mode = 'read'
    if (!seen) dialog = notYoursDialog(note)
  }
  if (sameOrigin) await markNoteRead(db, nid, user.username)
  const expected = Number(url.searchParams.get('expectedFiles'))
  return buildEditorView(user, note, {
    mode,
    dialog,
    alert,
    prep: url.searchParams.get('prep') === '1',
    expectedFiles: Number.isInteger(expected) && expected > 0 && expected <= 100 ? expected : null,
  })
}

/** The note's own address without the one-off parameters (given, seen, prep, expectedFiles); an admin who declined to take the note keeps notake. */
function pathOf(request: Request): string {
  const url = new URL(request.url)
  return url.searchParams.get('notake') === '1' ? `${url.pathname}?notake=1` : url.pathname
}

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

export async function noteEditorAction(request: Request, user: CurrentUser, nid: number) {
  const db = getDb()
  // The files of one post, with room for the form's fields: over it → 413, with the upload message.
  const form = await readFormData(request, { tooLarge: MAX_UPLOAD_MESSAGE, maxBytes: MAX_UPLOAD_BYTES + 1024 * 1024 })
  const intent = String(form.get('intent') ?? 'save')
  const js = form.get('js') === '1'
  const note = await getNote(db, nid, user)
  if (!note) throw loadFailed()
  if (!canEditNotes(user)) throw data({ message: NO_EDIT_RIGHT }, { status: 403 })
  const url = new URL(request.url)
  const mode = modeFor(note, user, url.searchParams.get('given') === '1')
  const parsed = parseEditorForm(form)
  const actor = actorOf(user)
  const here = pathOf(request)

  const respond = async (status: number, options: Partial<ViewOptions> & { values?: EditorValues } = {}) =>
    data(
      await buildEditorView(user, note, {
        mode,
        values: parsed.values,
        recipients: parsed.recipients,
        prep: form.get('prep') === '1',
        ...options,
      }),
      { status },
    )
  const refuse = (status: number, text: string, options: Partial<ViewOptions> = {}) =>
    respond(status, { alert: { kind: 'error', text }, ...options })
  const conflict = async (error: ConflictError<unknown>) => {
    const current = (error.current as NoteEntity | null) ?? note
    return data(
      await buildEditorView(user, current, {
        mode: modeFor(current, user, false),
        alert: { kind: 'conflict', text: NOTE_MESSAGES.conflict },
      }),
      { status: 409 },
    )
  }

  // The admin's "Take note from (owner)?", and Take on a note shown read-only (opened from another
  // site, or only read): what opening it from the app does, asked for by a post.
  if (intent === 'take') {
    if (!user.isAdmin && isClosed(note.status))
      return refuse(403, note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName)
    const version = Number(form.get('version'))
    try {
      await takeNote(db, nid, actor, { version })
    } catch (error) {
      if (error instanceof ConflictError) return conflict(error)
      if (error instanceof NoteRuleError) return refuse(error.status, error.message)
      throw error
    }
    return redirectWithFlash(new URL(request.url).pathname, {
      message: `You took this note from ${note.staff ?? 'nobody'}.`,
      kind: 'success',
    })
  }

  if (mode === 'read')
    return refuse(403, note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName, {
      dialog: null,
    })

  if (mode === 'given') {
    // Read-only after giving the note away; For stays editable, and giving it back re-enables editing.
    const staff = String(form.get('staff') ?? '').trim()
    if ((intent === 'save' || intent === 'give') && staff.toLowerCase() === user.username.toLowerCase()) {
      try {
        await takeNote(db, nid, actor, { version: Number(form.get('version')) })
      } catch (error) {
        if (error instanceof ConflictError) return conflict(error)
        if (error instanceof NoteRuleError) return refuse(error.status, error.message)
        throw error
      }
      return redirectWithFlash(here, { message: NOTE_MESSAGES.saved, kind: 'success' })
    }
    return refuse(403, NOTE_MESSAGES.readOnlyGivenAway(note.staff ?? 'nobody'))
  }

  if (!parsed.ok) return refuse(400, parsed.message, { result: parsed.result })
  const submission = parsed.submission
  const values = parsed.values
  const recipients = parsed.recipients

  // Files are their own records: they change at once and the form comes back with its unsaved values.
  if (intent === 'upload' || intent === 'attach' || intent.startsWith('detach:')) {
    const outcome = await fileAction(intent, form, user, note)
    return respond(outcome.status, { alert: outcome.alert, upload: outcome.upload ?? null })
  }

  switch (true) {
    case intent === 'edit' || intent === 'recipient-search' || intent === 'prep':
      return respond(200, {
        searchTerm: parsed.form.rq,
        prep: intent !== 'edit' || form.get('prep') === '1' || parsed.form.rq.trim() !== '',
      })
    case /^add:(to|cc|bcc):\d+$/.test(intent): {
      const [, role, id] = intent.split(':')
      const plid = Number(id)
      const [person] = await recipientPeople(db, [plid])
      if (!person || (person.fid !== null && !person.email?.includes('@')))
        return refuse(400, 'That person cannot be added: people of a firm need an email address.', {
          searchTerm: parsed.form.rq,
          prep: true,
        })
      const existing = recipients.find((row) => row.plid === plid)
      const next = existing
        ? recipients.map((row) => (row.plid === plid ? { ...row, [role]: true } : row))
        : [...recipients, { plid, to: role === 'to', cc: role === 'cc', bcc: role === 'bcc' }]
      return respond(200, { recipients: next, searchTerm: parsed.form.rq, prep: true })
    }
    case /^remove:\d+$/.test(intent): {
      const plid = Number(intent.split(':')[1])
      return respond(200, { recipients: recipients.filter((row) => row.plid !== plid), prep: true })
    }
    case intent === 'toggle-html': {
      const html = !values.html
      return respond(200, {
        values: { ...values, html, note: html ? plainToHtml(values.note) : htmlToPlain(values.note) },
      })
    }
    case intent === 'template' || intent === 'template-confirmed':
      return applyTemplate(intent === 'template-confirmed')
    case intent === 'save' || intent === 'give':
      return save(parsed.form)
    case intent === 'send' || intent === 'send-confirmed':
      return send(parsed.form, parsed.typedTo, intent === 'send-confirmed')
    default:
      return refuse(400, 'Unknown action.')
  }

  async function applyTemplate(confirmed: boolean) {
    const template = await letterTemplate(db, Number(values.letter))
    if (!template)
      return refuse(400, 'Choose a letter template.', {
        result: replyOf(submission, { fieldErrors: { letter: ['Choose a letter template.'] } }),
      })
    const hasText = (values.html ? htmlToPlain(values.note) : values.note).trim() !== ''
    if (hasText && !confirmed) return respond(200, { dialog: { kind: 'pasteOver', letter: template.name } })
    const [people, signers, policies] = await Promise.all([
      recipientPeople(
        db,
        recipients.filter((row) => row.to).map((row) => row.plid),
      ),
      availableSigners(db),
      pickerPolicies(db, note!.fid),
    ])
    const first = recipients.find((row) => row.to && people.some((person) => person.plid === row.plid))
    const signer = signers.find((candidate) => candidate.username.toLowerCase() === values.signer.toLowerCase())
    const policy = policies.find((candidate) => String(candidate.pid) === values.pid)
    const view = await buildEditorView(user, note!, { mode, values, recipients })
    const filled = fillLetter(template.body, {
      salutation: salutationOf(people.find((person) => person.plid === first?.plid)),
      firm: view.note.firmName,
      signer: signer?.longName ?? signer?.username ?? null,
      date: view.today,
      re: values.re,
      policy: policy ? policyLabel(policy) : null,
    })
    return respond(200, { values: { ...values, note: values.html ? plainToHtml(filled) : filled } })
  }

  /** Where a save lands: the note again, or (when this save gave it to someone else) its read-only view with the explanation. */
  function afterSave(saved: NoteEntity): string {
    const gaveAway = (saved.staff ?? '').toLowerCase() !== (note!.staff ?? '').toLowerCase() && !isOwner(saved, user)
    return gaveAway ? `${new URL(request.url).pathname}?given=1` : here
  }

  /** Note fields and recipients in one transaction, against the form's version. */
  async function persist(
    form: EditorForm,
  ): Promise<{ saved: NoteEntity } | { response: Awaited<ReturnType<typeof respond>> }> {
    const typedTo = parsed.ok ? parsed.typedTo : []
    const people = await recipientPeople(
      db,
      recipients.map((row) => row.plid),
    )
    const emails = new Map(people.map((person) => [person.plid, person.email]))
    const toLine = joinToLine(
      recipients.map((row) => ({ ...row, name: '', email: emails.get(row.plid) ?? null })),
      typedTo,
    )
    try {
      return {
        saved: await saveNoteAndRecipients(db, nid, form.version, changesFrom(note!, form, toLine), recipients, actor),
      }
    } catch (error) {
      if (error instanceof ConflictError) return { response: await conflict(error) }
      if (error instanceof NoteRuleError) return { response: await refuse(error.status, error.message) }
      throw error
    }
  }

  /** Save: a For change to someone else is confirmed first (Reassigning note); giving a note away leaves it read-only. */
  async function save(form: EditorForm) {
    const givingAway =
      !!form.staff &&
      form.staff.toLowerCase() !== (note!.staff ?? '').toLowerCase() &&
      form.staff.toLowerCase() !== user.username.toLowerCase()
    if (givingAway && intent === 'save') return respond(200, { dialog: { kind: 'reassign', to: form.staff! } })
    const outcome = await persist(form)
    if ('response' in outcome) return outcome.response
    return redirectWithFlash(afterSave(outcome.saved), { message: NOTE_MESSAGES.saved, kind: 'success' })
  }

  /** Send (spec 2 §4 email flow): the checks, the confirmation, then save recipients and note, then send. */
  async function send(form: EditorForm, typedTo: string[], confirmed: boolean) {
    if (!canSendEmail(user)) return refuse(403, 'You do not have permission to send email.')
    if (!maySend(form.status ?? note!.status) || !maySend(note!.status)) return refuse(409, EMAIL_MESSAGES.noteDone)
    const people = await recipientPeople(
      db,
      recipients.map((row) => row.plid),
    )
    const emails = new Map(people.map((person) => [person.plid, person.email]))
    const rows = recipients.map((row) => ({ ...row, name: '', email: emails.get(row.plid) ?? null }))
    const to = [...new Set([...recipientAddresses(rows, 'to'), ...typedTo])]
    if (isSendIncomplete({ to, from: form.signer, subject: form.re, body: form.note, html: form.html === '1' }))
      return respond(400, { dialog: { kind: 'missing' } })
    const signer = (await availableSigners(db)).find(
      (candidate) => candidate.username.toLowerCase() === form.signer.toLowerCase(),
    )
    if (!signer) return respond(400, { dialog: { kind: 'invalidFrom', from: form.signer } })
    if (!confirmed) return respond(200, { dialog: { kind: 'confirmSend' } })
    const outcome = await persist(form)
    if ('response' in outcome) return outcome.response
    const sent = await sendFromEditor({
      note: outcome.saved,
      actor,
      signer: signer.username,
      to,
      cc: recipientAddresses(rows, 'cc'),
      bcc: recipientAddresses(rows, 'bcc'),
      subject: form.re.trim(),
      body: form.note,
      html: form.html === '1',
      attach: form.attach !== undefined,
    })
    const next = afterSave(outcome.saved)
    if (sent.ok) {
      if (js) return data<SendAnswer>({ sent: true, message: NOTE_MESSAGES.sent, warning: sent.warning, next })
      return redirectWithFlash(next, {
        message: (sent.warning ? `${NOTE_MESSAGES.sent} ${sent.warning}` : NOTE_MESSAGES.sent).slice(0, 500),
        kind: 'success',
      })
    }
    if (js)
      return data<SendAnswer>(
        { sent: false, message: NOTE_MESSAGES.sendFailed, detail: sent.detail, next },
        { status: 502 },
      )
    return redirectWithFlash(next, {
      message: `${NOTE_MESSAGES.sendFailed} ${sent.detail}`.slice(0, 500),
      kind: 'error',
    })
  }
}
