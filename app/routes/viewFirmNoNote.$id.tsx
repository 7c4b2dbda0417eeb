import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { FIRM_POPUP_PAGE } from '#app/compose/firm-viewer-pages.server'
import { firmPopupPage } from '#app/features/firms/popup-page'
import { pageRoute } from '#app/http/page-route.server'

// The firm viewer alone, sized for its popup (spec 2 §2.2), with the tabs composed once; firm-view needed.
const route = pageRoute('/viewFirmNoNote/:id', FIRM_POPUP_PAGE)

export const loader = route.loader
export const action = route.action
export default firmPopupPage(FIRM_TAB_VIEWS)
export { firmPopupMeta as meta } from '#app/features/firms/popup-page'
export { revalidateAfterConflict as shouldRevalidate } from '#app/ui/revalidate'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
