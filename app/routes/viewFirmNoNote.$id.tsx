import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { FIRM_TABS } from '#app/compose/firm-tabs.server'
import { firmPopupMeta, firmPopupPage } from '#app/features/firms/popup-page'
import { FIRM_POPUP_IDS, firmPopupLoader } from '#app/features/firms/popup.server'
import { firmViewerAction } from '#app/features/firms/viewer.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// The firm viewer alone, sized for its popup (spec 2 §2.2), with the tabs composed here; firm-view needed.
const route = pageRoute('/viewFirmNoNote/:id', {
  ids: FIRM_POPUP_IDS,
  needs: ['canViewFirms'],
  load: firmPopupLoader(FIRM_TABS),
  ...firmViewerAction(FIRM_TABS),
})

export const loader = route.loader
export const action = route.action
export const meta = firmPopupMeta
export const shouldRevalidate = revalidateAfterConflict
export default firmPopupPage(FIRM_TAB_VIEWS)
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
