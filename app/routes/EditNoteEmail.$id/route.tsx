import '#app/features/note-editor/note-editor.css'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { loadNoteEditor, noteEditorAction, noteIdOf } from '#app/features/note-editor/editor.server'
import { NoteEditorErrorBoundary, NoteEditorPage, noteEditorMeta, noteEditorShouldRevalidate } from '#app/features/note-editor/page'

// /EditNoteEmail/{nid}: the spec's second address of the Note/Email editor (the same page as /editNoteEmail/{id}).
const ROUTE = '/EditNoteEmail/:id'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadNoteEditor(request, user, noteIdOf(params.id))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return noteEditorAction(request, user, noteIdOf(params.id))
}

export const meta = noteEditorMeta
export const shouldRevalidate = noteEditorShouldRevalidate
export default NoteEditorPage
export const ErrorBoundary = NoteEditorErrorBoundary
