import { actorOf } from '#app/models/note.server'
import { getDb } from '#app/db/client.server'
import { idOfIntent, recipientToAdd } from '#app/domain/note-editor'
import { htmlToPlain, isClosed, plainToHtml } from '#app/domain/notes'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import { recipientPeople } from '#app/models/note-editor.server'
import { takeNote } from '#app/models/note.server'
import { editorAttachSchema, editorFormSchema, editorTakeSchema } from '#app/schemas/note-editor'
import {
  EditorRefusal,
  editorRefused,
  loadNoteEditor,
  NOTE_EDITOR_FORM_CAP,
  NOTE_EDITOR_IDS,
  notYours,
  requireNote,
} from './editor.server'
import { answer, editorIntent, type Editing } from './editing.server'
import { attachToNote, detachFromNote, uploadToNote } from './files.server'
import { applyTemplate, save, send } from './save.server'

/**
 * The editor's forms by intent (spec 2 §2.5, §4, §5), with the abilities of app/auth/action-intents.ts
 * (note-edit for all; upload and email-send where named). The whole form is posted every time: what is
 * not a save or a send answers the page again with the user's unsaved values (edit, Prep, the
 * recipients search, the HTML switch, a template, a file), and so does every refusal.
 */

/** Edit (a dialog's Cancel or OK, Enter in a field), Prep and the recipients search without JavaScript. */
const reshow = (editing: Editing) => {
  const { context, value } = editing
  const open = context.intent !== 'edit' || context.form.get('prep') === '1' || value.rq.trim() !== ''
  return answer(editing, { searchTerm: value.rq, prep: open })
}

/** A person of the search added as To, Cc or Bcc (`add:to:123`): people of a firm need an email address. */
async function addRecipient(editing: Editing) {
  const { value, recipients } = editing
  const target = recipientToAdd(editing.context.intent)
  if (!target) throw new EditorRefusal('Unknown action.', 400)
  const [person] = await recipientPeople(getDb(), [target.plid])
  if (!person || (person.fid !== null && !person.email?.includes('@')))
    throw new EditorRefusal('That person cannot be added: people of a firm need an email address.', 400, {
      searchTerm: value.rq,
      prep: true,
    })
  const { plid, role } = target
  const next = recipients.some((row) => row.plid === plid)
    ? recipients.map((row) => (row.plid === plid ? { ...row, [role]: true } : row))
    : [...recipients, { plid, to: role === 'to', cc: role === 'cc', bcc: role === 'bcc' }]
  return answer(editing, { recipients: next, searchTerm: value.rq, prep: true })
}

/** A recipient removed (`remove:123`). */
function removeRecipient(editing: Editing) {
  const plid = idOfIntent(editing.context.intent, 'remove:')
  if (plid === null) throw new EditorRefusal('Unknown action.', 400)
  return answer(editing, { recipients: editing.recipients.filter((row) => row.plid !== plid), prep: true })
}

/** Plain text to HTML and back, without JavaScript. */
function toggleHtml(editing: Editing) {
  const { values } = editing
  const html = !values.html
  return answer(editing, {
    values: { ...values, html, note: html ? plainToHtml(values.note) : htmlToPlain(values.note) },
  })
}

export const noteEditorIntents = {
  // Take on a note shown read-only (opened from another site, or only read), and the admin's "Take
  // note from (owner)?": what opening it from the app does, asked for by a post.
  take: intent({
    schema: editorTakeSchema,
    refused: editorRefused,
    handle: async ({ user, ids, url, value }) => {
      const note = await requireNote(ids.id, user)
      if (!user.isAdmin && isClosed(note.status)) throw new EditorRefusal(notYours(note), 403)
      await takeNote(getDb(), note.nid, actorOf(user), { version: value.version })
      return redirectWithFlash(url.pathname, {
        message: `You took this note from ${note.staff ?? 'nobody'}.`,
        kind: 'success',
      })
    },
  }),
  save: editorIntent(editorFormSchema, save),
  give: editorIntent(editorFormSchema, save),
  edit: editorIntent(editorFormSchema, async (editing) => reshow(editing)),
  prep: editorIntent(editorFormSchema, async (editing) => reshow(editing)),
  'recipient-search': editorIntent(editorFormSchema, async (editing) => reshow(editing)),
  'add:': editorIntent(editorFormSchema, addRecipient),
  'remove:': editorIntent(editorFormSchema, async (editing) => removeRecipient(editing)),
  'toggle-html': editorIntent(editorFormSchema, async (editing) => toggleHtml(editing)),
  template: editorIntent(editorFormSchema, (editing) => applyTemplate(editing, false)),
  'template-confirmed': editorIntent(editorFormSchema, (editing) => applyTemplate(editing, true)),
  // Files are their own records: they change at once and the form comes back with its unsaved values.
  upload: editorIntent(editorFormSchema, async (editing) =>
    answer(editing, await uploadToNote(editing.note.nid, editing.context.form, editing.context.user)),
  ),
  attach: editorIntent(editorAttachSchema, async (editing) =>
    answer(editing, await attachToNote(editing.note.nid, editing.value.attachLoid, editing.context.user)),
  ),
  'detach:': editorIntent(editorFormSchema, async (editing) =>
    answer(editing, await detachFromNote(editing.note.nid, editing.context.intent, editing.context.user)),
  ),
  send: editorIntent(editorFormSchema, (editing) => send(editing, false)),
  'send-confirmed': editorIntent(editorFormSchema, (editing) => send(editing, true)),
}

/**
 * The editor's page route, the same at both of its addresses (/editNoteEmail/{id}, /EditNoteEmail/{id}):
 * the note of the URL, the loader, the forms (a post without an intent is a save), the cap of one post.
 */
export const NOTE_EDITOR_PAGE = {
  ids: NOTE_EDITOR_IDS,
  load: loadNoteEditor,
  intents: noteEditorIntents,
  defaultIntent: 'save',
  ...NOTE_EDITOR_FORM_CAP,
}
