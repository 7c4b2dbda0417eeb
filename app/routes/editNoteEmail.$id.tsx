import '#app/features/note-editor/note-editor.css'
import {
  NoteEditorErrorBoundary,
  NoteEditorPage,
  noteEditorMeta,
  noteEditorShouldRevalidate,
} from '#app/features/note-editor/page'
import { noteEditorRoute } from '#app/features/note-editor/route.server'

// The Note/Email editor (spec 2 §2.5); /EditNoteEmail/{nid} is the same page.
const editor = noteEditorRoute('/editNoteEmail/:id')

export const loader = editor.loader
export const action = editor.action
export const meta = noteEditorMeta
export const shouldRevalidate = noteEditorShouldRevalidate
export default NoteEditorPage
export const ErrorBoundary = NoteEditorErrorBoundary
