import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/http/guard.server'
import { loadNoteEditor, noteEditorAction, noteIdOf } from './editor.server'

/**
 * The loader and action of the editor's two addresses (/editNoteEmail/{id}, /EditNoteEmail/{nid}),
 * each guarded with its own registry pattern.
 */
export function noteEditorRoute(pattern: string) {
  return {
    loader: async ({ request, params }: LoaderFunctionArgs) =>
      loadNoteEditor(request, await requireUser(request, pattern), noteIdOf(params.id)),
    action: async ({ request, params }: ActionFunctionArgs) =>
      noteEditorAction(request, await requireUser(request, pattern), noteIdOf(params.id)),
  }
}
