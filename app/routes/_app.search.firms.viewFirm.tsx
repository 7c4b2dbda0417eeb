import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { VIEW_FIRM_PAGE } from '#app/compose/firm-viewer-pages.server'
import { viewFirmPage } from '#app/features/firms/view-firm-page'
import { pageRoute } from '#app/http/page-route.server'

// The firm viewer on a page of its own (spec 1 §2.1). Its forms post here and come back to the same firms.
const route = pageRoute('/search/firms/viewFirm', VIEW_FIRM_PAGE)

export const loader = route.loader
export const action = route.action
export default viewFirmPage(FIRM_TAB_VIEWS)
export { viewFirmMeta as meta } from '#app/features/firms/view-firm-page'
export { revalidateAfterConflict as shouldRevalidate } from '#app/ui/revalidate'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
