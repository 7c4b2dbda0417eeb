import '#app/features/note-editor/note-editor.css'
import {
  NoteEditorErrorBoundary,
  NoteEditorPage,
  noteEditorMeta,
  noteEditorShouldRevalidate,
} from '#app/features/note-editor/page'
import { noteEditorRoute } from '#app/features/note-editor/route.server'

// The spec’s second address of the Note/Email editor (the same page as /editNoteEmail/{id}).
const editor = noteEditorRoute('/EditNoteEmail/:id')

export const loader = editor.loader
export const action = editor.action
export const meta = noteEditorMeta
export const shouldRevalidate = noteEditorShouldRevalidate
export default NoteEditorPage
export const ErrorBoundary = NoteEditorErrorBoundary
