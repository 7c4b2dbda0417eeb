import { actorOf } from '#app/models/note.server'
import { data } from '@remix-run/node'
import type { ZodType } from 'zod'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { parseAddressList } from '#app/domain/note-editor'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent, type IntentContext } from '#app/http/intent-action.server'
import { takeNote, type NoteEntity } from '#app/models/note.server'
import type { EditorForm } from '#app/schemas/note-editor'
import { EditorRefusal, editorRefused, modeOf, notYours, pathOf, requireNote } from './editor.server'
import { rawValues, recipientsOf, type FormRecipient } from './form.server'
import type { EditorAnswer, EditorMode, EditorValues } from './types'
import { buildEditorView, type ViewOptions } from './view.server'

/** One post of the editor's form, as its handlers read it. */
export interface Editing<Value extends EditorForm = EditorForm> {
  context: IntentContext<Value>
  note: NoteEntity
  mode: EditorMode
  value: Value
  /** The values as typed (the page shows them again). */
  values: EditorValues
  recipients: FormRecipient[]
  /** The addresses typed in To. */
  typedTo: string[]
  /** Where a save lands: the note's own address (an admin who declined to take it keeps ?notake=1). */
  here: string
}

/** The page again, with the user's unsaved values (and what `options` changes of them), 200. */
export async function answer(editing: Editing, options: Partial<ViewOptions> = {}) {
  const { context } = editing
  const view = await buildEditorView(context.user, editing.note, {
    mode: editing.mode,
    values: editing.values,
    recipients: editing.recipients,
    prep: context.form.get('prep') === '1',
    ...options,
  })
  return data<EditorAnswer>({ intent: context.intent, view })
}

/**
 * An intent of the editor's form: the whole form parsed with `schema`, the note read, and the rule
 * of the mode applied before `run` (read-only: refused; given away: only giving it back, by Save
 * with For set to oneself). Every refusal shows the page again (editorRefused).
 */
export function editorIntent<Value extends EditorForm>(
  schema: ZodType<Value>,
  run: (editing: Editing<Value>) => Promise<unknown>,
) {
  return intent<Value>({
    schema,
    refused: editorRefused,
    handle: async (context) => {
      const note = await requireNote(context.ids.id, context.user)
      const mode = modeOf(note, context.user, context.url)
      if (mode === 'read') throw new EditorRefusal(notYours(note), 403, { dialog: null })
      const editing: Editing<Value> = {
        context,
        note,
        mode,
        value: context.value,
        values: rawValues(context.form),
        recipients: recipientsOf(context.value),
        typedTo: parseAddressList(context.value.to).addresses,
        here: pathOf(context.url),
      }
      if (mode === 'given') return giveBack(editing)
      return run(editing)
    },
  })
}

/** Read-only after giving the note away; For stays editable, and saving it back to oneself re-enables editing. */
async function giveBack({ context, note, value, here }: Editing) {
  const { user } = context
  const save = context.intent === 'save' || context.intent === 'give'
  if (!save || (value.staff ?? '').toLowerCase() !== user.username.toLowerCase())
    throw new EditorRefusal(NOTE_MESSAGES.readOnlyGivenAway(note.staff ?? 'nobody'), 403)
  await takeNote(getDb(), note.nid, actorOf(user), { version: value.version })
  return redirectWithFlash(here, { message: NOTE_MESSAGES.saved, kind: 'success' })
}
