import { claimsTabView } from '#app/features/claims/firm-tab-view'
import { claimsTab } from '#app/features/claims/firm-tab.server'
import { filesTabView } from '#app/features/files/firm-tab-view'
import { filesTab } from '#app/features/files/files-tab.server'
import { viewFirmMeta, viewFirmPage } from '#app/features/firms/view-firm-page'
import { viewFirmLoader } from '#app/features/firms/view-firm.server'
import { firmViewerAction } from '#app/features/firms/viewer.server'
import { notesTabView } from '#app/features/notes/firm-tab-view'
import { notesTab } from '#app/features/notes/firm-tab.server'
import { membersTabView } from '#app/features/people/members-tab-view'
import { membersTab } from '#app/features/people/members-tab.server'
import { policiesTabView } from '#app/features/policies/firm-tab-view'
import { policiesTab } from '#app/features/policies/policies-tab.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// The firm viewer on a page of its own (spec 1 §2.1), with the tabs composed here; firm-view needed, as
// for the firms search page's viewer. Its forms post here and come back to the same firms.
const TABS = [notesTab, membersTab, claimsTab, policiesTab, filesTab]
const route = pageRoute('/search/firms/viewFirm', {
  needs: ['canViewFirms'],
  load: viewFirmLoader(TABS),
  ...firmViewerAction(TABS),
})

export const loader = route.loader
export const action = route.action
export const meta = viewFirmMeta
export const shouldRevalidate = revalidateAfterConflict
export default viewFirmPage([notesTabView, membersTabView, claimsTabView, policiesTabView, filesTabView])
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
