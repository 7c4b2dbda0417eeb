import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { FIRM_TABS } from '#app/compose/firm-tabs.server'
import { viewFirmMeta, viewFirmPage } from '#app/features/firms/view-firm-page'
import { viewFirmLoader } from '#app/features/firms/view-firm.server'
import { firmViewerAction } from '#app/features/firms/viewer.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// The firm viewer on a page of its own (spec 1 §2.1), with the tabs composed here; firm-view needed, as
// for the firms search page's viewer. Its forms post here and come back to the same firms.
const route = pageRoute('/search/firms/viewFirm', {
  needs: ['canViewFirms'],
  load: viewFirmLoader(FIRM_TABS),
  ...firmViewerAction(FIRM_TABS),
})

export const loader = route.loader
export const action = route.action
export const meta = viewFirmMeta
export const shouldRevalidate = revalidateAfterConflict
export default viewFirmPage(FIRM_TAB_VIEWS)
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
