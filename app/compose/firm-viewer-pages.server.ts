import { FIRM_POPUP_IDS, firmPopupLoader, NOTE_POPUP_IDS, notePopupLoader } from '#app/features/firms/popup.server'
import { viewFirmLoader } from '#app/features/firms/view-firm.server'
import { firmViewerAction } from '#app/features/firms/viewer.server'
import { FIRM_TABS } from './firm-tabs.server'

/** The viewer's forms, the tabs' intents as one table: every route that shows the viewer serves them. */
const FIRM_VIEWER_ACTION = firmViewerAction(FIRM_TABS)

/**
 * The firm viewer's page routes, server side, with the tabs composed once: firm-view needed by each.
 * The firm popup (/viewFirmNoNote/{fid}, and with a tab /viewFirmNoNote/{fid}/{tab}, spec 2 §2.2):
 */
export const FIRM_POPUP_PAGE = {
  ids: FIRM_POPUP_IDS,
  needs: ['canViewFirms'] as const,
  load: firmPopupLoader(FIRM_TABS),
  ...FIRM_VIEWER_ACTION,
}

/**
 * A note's firm in the popup (/viewFirmNote/{nid}), on its Notes tab with the note chosen: the note's rule
 * (as the note editor and GET /api/notes/{id}) and firm-view.
 */
export const NOTE_POPUP_PAGE = {
  ids: NOTE_POPUP_IDS,
  needs: ['canReadNotes', 'canViewFirms'] as const,
  load: notePopupLoader(FIRM_TABS),
  ...FIRM_VIEWER_ACTION,
}

/** The viewer on a page of its own (spec 1 §2.1), as for the firms search page's viewer. */
export const VIEW_FIRM_PAGE = {
  needs: ['canViewFirms'] as const,
  load: viewFirmLoader(FIRM_TABS),
  ...FIRM_VIEWER_ACTION,
}
