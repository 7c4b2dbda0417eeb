import { actorOf } from '#app/models/note.server'
import { canEditNotes } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { codeForStatus, ConflictError, DomainError, NotFoundError } from '#app/domain/errors'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { isClosed, isOwner, NOTE_MESSAGES } from '#app/domain/notes'
import type { RefusedContext } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { isSameOriginRequest } from '#app/http/same-origin'
import { getNote, markNoteRead, NoteRuleError, takeNote, type NoteEntity } from '#app/models/note.server'
import { formRecipients, rawValues, withoutTypedValues } from './form.server'
import type { EditorDialog, EditorMode } from './types'
import { buildEditorView, modeFor, type ViewOptions } from './view.server'

/**
 * The Note/Email editor (spec 2 §2.5, §4, §5): the loader applies the ownership rules on opening; the
 * intent table (intents.server.ts) serves the form. Every intent posts the whole form, so anything that
 * is not a save (a dialog, a template, a recipient search, a file) answers the page again with the
 * user's unsaved values, and so does every refusal (`editorRefused`).
 */

export const NO_EDIT_RIGHT = 'You do not have permission to edit notes.'

/** The note of the URL: a bad or unknown id is the spec's load-failed 404. */
export const NOTE_EDITOR_IDS = { id: { kind: 'note', message: NOTE_MESSAGES.loadFailed } }

/** The cap of one post of the form: its files, with room for the fields (over it: 413 with the upload message). */
export const NOTE_EDITOR_FORM_CAP = { tooLarge: MAX_UPLOAD_MESSAGE, maxBytes: MAX_UPLOAD_BYTES + 1024 * 1024 }

/** The note, or the spec's load-failed 404. */
export async function requireNote(nid: number, user: CurrentUser): Promise<NoteEntity> {
  const note = await getNote(getDb(), nid, user)
  if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
  return note
}

/** "X has this note", or the spec's "not in your name" for a note of nobody. */
export const notYours = (note: Pick<NoteEntity, 'staff'>) =>
  note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName

function notYoursDialog(note: Pick<NoteEntity, 'staff'>): EditorDialog {
  return { kind: 'notInYourName', text: notYours(note) }
}

/**
 * Opening the editor (spec 2 §4): a user with note-edit opening an open note that is not theirs takes it
 * ('took from {staff}'); an admin is asked first; a closed note of someone else's, or a user without
 * note-edit, gets the read-only view and the "not in your name" dialog. Right after giving a note away
 * (?given=1) nothing is taken: the note shows read-only with the explanation. Every open marks the note read.
 * All of that only for a same-origin request: opened from another site nothing changes, and a note
 * it would have taken shows read-only with Take (issue 23).
 */
export async function loadNoteEditor({ request, user, ids, url }: PageContext) {
  const db = getDb()
  const nid = ids.id
  let note = await requireNote(nid, user)
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

/**
 * A refusal of one of the editor's forms, with how the page shows it beside the message (a dialog
 * instead of the alert, the upload rows marked, the recipients open). The API answers it as any
 * DomainError (its status and message).
 */
export class EditorRefusal extends DomainError {
  override name = 'EditorRefusal'
  constructor(
    message: string,
    status: 400 | 403 | 409 | 413 | 415,
    readonly view: Partial<ViewOptions> = {},
  ) {
    super(message, codeForStatus(status), status)
  }
}

/** The note's own address without the one-off parameters (given, seen, prep, expectedFiles); an admin who declined to take the note keeps notake. */
export function pathOf(url: URL): string {
  return url.searchParams.get('notake') === '1' ? `${url.pathname}?notake=1` : url.pathname
}

/** The mode of the user on the note as the address shows it (read-only after giving it away: ?given=1). */
export const modeOf = (note: NoteEntity, user: CurrentUser, url: URL) =>
  modeFor(note, user, url.searchParams.get('given') === '1')

/**
 * What every refusal of the editor's forms carries beside its message: the page again, as it was sent
 * (the typed values and recipients, the refused fields marked) with the message above the form; after
 * a lost race, the current note instead (409). A send by script (`js=1`) reads no page: it shows the
 * message and reloads the note (`next`).
 */
export async function editorRefused({ user, ids, url, form, error, result }: RefusedContext) {
  // Conform's reply without the typed values: the view carries them (or the page has them, by script).
  const reply = result ? withoutTypedValues(result) : null
  if (form.get('js') === '1')
    return { next: typeof error.extra.next === 'string' ? error.extra.next : pathOf(url), result: undefined }
  const db = getDb()
  if (error instanceof ConflictError) {
    const current = (error.current as NoteEntity | null) ?? (await getNote(db, ids.id, user))
    if (!current) return { result: undefined }
    const view = await buildEditorView(user, current, {
      mode: modeFor(current, user, false),
      alert: { kind: 'conflict', text: error.message },
    })
    return { view, result: undefined }
  }
  const note = await getNote(db, ids.id, user)
  if (!note) return { result: reply ?? undefined }
  const view = await buildEditorView(user, note, {
    mode: modeOf(note, user, url),
    values: rawValues(form),
    recipients: formRecipients(form),
    prep: form.get('prep') === '1',
    alert: { kind: 'error', text: error.message },
    result: reply,
    ...(error instanceof EditorRefusal ? error.view : {}),
  })
  return { view, result: reply ?? undefined }
}
