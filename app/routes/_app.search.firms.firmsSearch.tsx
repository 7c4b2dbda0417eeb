import { claimsTabView } from '#app/features/claims/firm-tab-view'
import { claimsTab } from '#app/features/claims/firm-tab.server'
import { filesTabView } from '#app/features/files/firm-tab-view'
import { filesTab } from '#app/features/files/files-tab.server'
import { firmsSearchMeta, firmsSearchPage } from '#app/features/firms/firms-search-page'
import { firmsSearchParts } from '#app/features/firms/search.server'
import { jobsListView } from '#app/features/jobs/jobs-panel'
import { jobsListPart } from '#app/features/jobs/jobs.server'
import { notesTabView } from '#app/features/notes/firm-tab-view'
import { notesTab } from '#app/features/notes/firm-tab.server'
import { membersTabView } from '#app/features/people/members-tab-view'
import { membersTab } from '#app/features/people/members-tab.server'
import { policiesTabView } from '#app/features/policies/firm-tab-view'
import { policiesTab } from '#app/features/policies/policies-tab.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// The firm viewer's tabs and the jobs list, composed here: the firms feature imports neither.
const TABS = [notesTab, membersTab, claimsTab, policiesTab, filesTab]
const route = pageRoute('/search/firms/firmsSearch', firmsSearchParts({ tabs: TABS, jobs: jobsListPart }))

export const loader = route.loader
export const action = route.action
export const meta = firmsSearchMeta
// The Policies tab's calculators and the firm's dialogs save on a version: after a lost race the page reloads.
export const shouldRevalidate = revalidateAfterConflict
export default firmsSearchPage({
  tabs: [notesTabView, membersTabView, claimsTabView, policiesTabView, filesTabView],
  jobs: jobsListView,
})
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
