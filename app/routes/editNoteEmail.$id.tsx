import '#app/features/note-editor/note-editor.css'
import { loadNoteEditor, NOTE_EDITOR_FORM_CAP, NOTE_EDITOR_IDS } from '#app/features/note-editor/editor.server'
import { noteEditorIntents } from '#app/features/note-editor/intents.server'
import {
  NoteEditorErrorBoundary,
  NoteEditorPage,
  noteEditorMeta,
  noteEditorShouldRevalidate,
} from '#app/features/note-editor/page'
import { pageRoute } from '#app/http/page-route.server'

// The Note/Email editor (spec 2 §2.5); /EditNoteEmail/{nid} is the same page.
const route = pageRoute('/editNoteEmail/:id', {
  ids: NOTE_EDITOR_IDS,
  load: loadNoteEditor,
  intents: noteEditorIntents,
  defaultIntent: 'save',
  ...NOTE_EDITOR_FORM_CAP,
})

export const loader = route.loader
export const action = route.action
export const meta = noteEditorMeta
export const shouldRevalidate = noteEditorShouldRevalidate
export default NoteEditorPage
export const ErrorBoundary = NoteEditorErrorBoundary
