import type { MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useMemo } from 'react'
import { ErrorPanel, RouteErrorPanel } from '#app/ui/error-panel'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { NoteEditor } from './editor'
import type { EditorAnswer, EditorView } from './types'

/**
 * The route-module parts of the Note/Email editor, shared by its two addresses (/editNoteEmail/{id}
 * and /EditNoteEmail/{nid}); each route file keeps its own guarded loader and action.
 */

export const noteEditorMeta: MetaFunction = ({ data }) => {
  const view = data as EditorView | undefined
  return [
    {
      title: view?.note
        ? `Note ${view.note.nid}${view.note.firmSort ? ` · ${view.note.firmSort}` : ''} · mga-desk`
        : 'Note · mga-desk',
    },
  ]
}

/**
 * Opening a note may take it (spec 2 §4), so the loader runs when the note is opened or reloaded, not
 * after a POST that answered with the page itself (a dialog, a refusal, a conflict, a send).
 */
export const noteEditorShouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET' && actionResult !== undefined) return false
  return defaultShouldRevalidate
}

const viewIds = new WeakMap<object, number>()
let nextViewId = 0
function viewKey(view: object): string {
  if (!viewIds.has(view)) viewIds.set(view, ++nextViewId)
  return String(viewIds.get(view))
}

export function NoteEditorPage() {
  const loaded = useLoaderData() as EditorView
  const acted = useActionData() as EditorAnswer | undefined
  // A POST that re-renders the form (a dialog, a refused save, a file change) answers a whole view; a
  // refusal without one (a missing ability) is shown over the note as loaded.
  const view = useMemo(() => {
    if (acted?.view) return acted.view
    if (acted?.error) return { ...loaded, alert: { kind: 'error' as const, text: acted.error } }
    return loaded
  }, [acted, loaded])
  return <NoteEditor view={view} viewKey={`${view.note.nid}-${viewKey(view)}`} />
}

export function NoteEditorErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPanel title="Note not found" text={NOTE_MESSAGES.loadFailed} detail="HTTP 404" />
  return <RouteErrorPanel error={error} />
}
