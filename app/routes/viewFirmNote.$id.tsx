import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { FIRM_TABS } from '#app/compose/firm-tabs.server'
import { NotePopupErrorBoundary, firmPopupMeta, firmPopupPage } from '#app/features/firms/popup-page'
import { NOTE_POPUP_IDS, notePopupLoader } from '#app/features/firms/popup.server'
import { firmViewerAction } from '#app/features/firms/viewer.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// A note's firm in the firm popup, on its Notes tab with the note chosen (spec 2 §2.2): the note's rule
// (as the note editor and GET /api/notes/{id}) and firm-view.
const route = pageRoute('/viewFirmNote/:id', {
  ids: NOTE_POPUP_IDS,
  needs: ['canReadNotes', 'canViewFirms'],
  load: notePopupLoader(FIRM_TABS),
  ...firmViewerAction(FIRM_TABS),
})

export const loader = route.loader
export const action = route.action
export const meta = firmPopupMeta
export const shouldRevalidate = revalidateAfterConflict
export default firmPopupPage(FIRM_TAB_VIEWS)
export const ErrorBoundary = NotePopupErrorBoundary
