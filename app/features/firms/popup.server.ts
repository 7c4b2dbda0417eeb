import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { NOTE_MESSAGES } from '#app/domain/notes'
import type { FirmTab } from '#app/http/firm-tab.server'
import type { IdSpec, PageContext } from '#app/http/page-route.server'
import { getNote } from '#app/models/note.server'
import { viewerTabOf } from '#app/schemas/firm-viewer'
import { loadFirmView } from './viewer.server'

const NO_SUCH_FIRM = 'No such firm.'

/** /viewFirmNoNote/{fid}: a bad or unknown firm id is the popup's 404 'No such firm.'. */
export const FIRM_POPUP_IDS: IdSpec = { id: { kind: 'firm', message: NO_SUCH_FIRM } }

/** /viewFirmNote/{nid}: a bad or unknown note is the note's 404 (spec 2 §8). */
export const NOTE_POPUP_IDS: IdSpec = { id: { kind: 'note', message: NOTE_MESSAGES.loadFailed } }

/** /viewFirmNoNote/{fid}[/{tablesProp}]: the firm viewer alone, sized for a 1140x730 popup, on the sub-tab named. */
export function firmPopupLoader(tabs: readonly FirmTab[]) {
  return async (context: PageContext) => {
    const tab = viewerTabOf(context.params.tablesProp)
    if (!tab) throw new NotFoundError('No such firm section.')
    const view = await loadFirmView(tabs, context, context.ids.id, tab)
    if (!view) throw new NotFoundError(NO_SUCH_FIRM)
    return { ...view, fromNote: null as number | null }
  }
}

/**
 * /viewFirmNote/{nid}: the note's firm in the same popup, on the Notes tab with status filter Active
 * (a firm opened from a note, spec 2 §2.2) and the note chosen. Unknown notes, notes without a firm and
 * admin-type notes for non-admins are 404s.
 */
export function notePopupLoader(tabs: readonly FirmTab[]) {
  return async (context: PageContext) => {
    const nid = context.ids.id
    const note = await getNote(getDb(), nid, { isAdmin: context.user.isAdmin })
    const view = note?.fid ? await loadFirmView(tabs, context, note.fid, 'Notes', nid, note) : null
    if (!view) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
    return { ...view, fromNote: nid as number | null }
  }
}
export type FirmPopupData = Awaited<ReturnType<ReturnType<typeof firmPopupLoader>>>
