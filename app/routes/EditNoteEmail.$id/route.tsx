import '#app/features/note-editor/note-editor.css'
import { NOTE_EDITOR_PAGE } from '#app/features/note-editor/intents.server'
import { pageRoute } from '#app/http/page-route.server'

// The spec’s second address of the Note/Email editor (the same page as /editNoteEmail/{id}).
const route = pageRoute('/EditNoteEmail/:id', NOTE_EDITOR_PAGE)

export const loader = route.loader
export const action = route.action
export { noteEditorMeta as meta, noteEditorShouldRevalidate as shouldRevalidate } from '#app/features/note-editor/page'
export { NoteEditorPage as default, NoteEditorErrorBoundary as ErrorBoundary } from '#app/features/note-editor/page'
