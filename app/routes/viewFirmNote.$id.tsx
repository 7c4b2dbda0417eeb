import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { NOTE_POPUP_PAGE } from '#app/compose/firm-viewer-pages.server'
import { firmPopupPage } from '#app/features/firms/popup-page'
import { pageRoute } from '#app/http/page-route.server'

// A note's firm in the firm popup, on its Notes tab with the note chosen (spec 2 §2.2).
const route = pageRoute('/viewFirmNote/:id', NOTE_POPUP_PAGE)

export const loader = route.loader
export const action = route.action
export default firmPopupPage(FIRM_TAB_VIEWS)
export { firmPopupMeta as meta, NotePopupErrorBoundary as ErrorBoundary } from '#app/features/firms/popup-page'
export { revalidateAfterConflict as shouldRevalidate } from '#app/ui/revalidate'
