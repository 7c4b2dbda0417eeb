import { FIRM_TAB_VIEWS } from '#app/compose/firm-tab-views'
import { FIRM_TABS } from '#app/compose/firm-tabs.server'
import { firmsSearchPage } from '#app/features/firms/firms-search-page'
import { firmsSearchParts } from '#app/features/firms/search.server'
import { jobsListView } from '#app/features/jobs/jobs-panel'
import { jobsListPart } from '#app/features/jobs/jobs.server'
import { pageRoute } from '#app/http/page-route.server'

// The firm viewer's tabs and the jobs list, composed here: the firms feature imports neither.
const route = pageRoute('/search/firms/firmsSearch', firmsSearchParts({ tabs: FIRM_TABS, jobs: jobsListPart }))

export const loader = route.loader
export const action = route.action
export default firmsSearchPage({
  tabs: FIRM_TAB_VIEWS,
  jobs: jobsListView,
})
export { firmsSearchMeta as meta } from '#app/features/firms/firms-search-page'
// The Policies tab's calculators and the firm's dialogs save on a version: after a lost race the page reloads.
export { revalidateAfterConflict as shouldRevalidate } from '#app/ui/revalidate'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
