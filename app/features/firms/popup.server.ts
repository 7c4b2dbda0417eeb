import { canReadNotes, canViewFirms } from '#app/auth/abilities'
import { data, redirect } from '@remix-run/node'
import { requireUser } from '#app/http/guard.server'
import { getDb } from '#app/db/client.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { DEFAULT_MODE_FROM_NOTE } from '#app/domain/notes-tab'
import { getNote } from '#app/models/note.server'
import { VIEWER_TABS, type ViewerTab } from '#app/schemas/firm-search'
import { firmViewerAction, loadFirmView } from './viewer.server'
import { backUrl } from './viewer-links'
import { parseId } from '#app/domain/ids'

type Args = { request: Request; params: Record<string, string | undefined> }

function firmTab(segment: string | undefined): ViewerTab {
  if (!segment) return 'Info'
  const tab = VIEWER_TABS.find((name) => name.toLowerCase() === segment.toLowerCase())
  if (!tab) throw data({ message: 'No such firm section.' }, { status: 404 })
  return tab
}

/** /viewFirmNoNote/{fid}[/{tablesProp}]: the firm viewer alone, sized for a 1140x730 popup. */
export async function popupLoader({ request, params }: Args, pattern: string) {
  const user = await requireUser(request, pattern)
  if (!canViewFirms(user)) throw redirect('/no-permission')
  const fid = parseId(params.id)
  const tab = firmTab(params.tablesProp)
  const view = fid !== null ? await loadFirmView(user, fid, tab, new URL(request.url)) : null
  if (!view) throw data({ message: 'No such firm.' }, { status: 404 })
  return { ...view, fromNote: null as number | null }
}

/**
 * /viewFirmNote/{nid}: the note's firm in the same popup, on the Notes tab with status filter Active
 * (a firm opened from a note, spec 2 §2.2) and the note chosen. Unknown notes, notes without a firm and
 * admin-type notes for non-admins are 404s.
 */
export async function notePopupLoader({ request, params }: Args, pattern: string) {
  const user = await requireUser(request, pattern)
  // The note's rule, as the note editor and GET /api/notes/{id} (a note is read on its firm's Notes tab).
  if (!canReadNotes(user) || !canViewFirms(user)) throw redirect('/no-permission')
  const nid = parseId(params.id)
  const note = nid !== null ? await getNote(getDb(), nid, { isAdmin: user.isAdmin }) : null
  const view = note?.fid
    ? await loadFirmView(user, note.fid, 'Notes', new URL(request.url), {
        notes: { mode: DEFAULT_MODE_FROM_NOTE, nid },
      })
    : null
  if (!view) throw data({ message: NOTE_MESSAGES.loadFailed }, { status: 404 })
  return { ...view, fromNote: nid as number | null }
}

export async function popupAction({ request }: Args, pattern: string) {
  const user = await requireUser(request, pattern)
  if (!canViewFirms(user)) throw redirect('/no-permission')
  return firmViewerAction(request, user, backUrl(request.url))
}

/**
 * The loader and action of a firm popup route, guarded with that route's registry pattern:
 * `const popup = firmPopupRoute('/viewFirmNoNote/:id')`, then `export const loader = popup.loader`.
 */
export function firmPopupRoute(pattern: string, load: typeof popupLoader = popupLoader) {
  return {
    loader: (args: Args) => load(args, pattern),
    action: (args: Args) => popupAction(args, pattern),
  }
}
