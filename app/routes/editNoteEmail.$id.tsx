import '#app/features/note-editor/note-editor.css'
import { NOTE_EDITOR_PAGE } from '#app/features/note-editor/intents.server'
import { pageRoute } from '#app/http/page-route.server'

// The Note/Email editor (spec 2 §2.5); /EditNoteEmail/{nid} is the same page.
const route = pageRoute('/editNoteEmail/:id', NOTE_EDITOR_PAGE)

export const loader = route.loader
export const action = route.action
export { noteEditorMeta as meta, noteEditorShouldRevalidate as shouldRevalidate } from '#app/features/note-editor/page'
export { NoteEditorPage as default, NoteEditorErrorBoundary as ErrorBoundary } from '#app/features/note-editor/page'
