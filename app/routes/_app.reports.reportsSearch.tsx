import { loadAggregateReport } from '#app/features/reports/aggregate/page.server'
import { pageRoute } from '#app/http/page-route.server'

/** Aggregate reports (spec 3 §2.9), report-view. */
const route = pageRoute('/reports/reportsSearch', { load: loadAggregateReport })

export const loader = route.loader
export { aggregateReportMeta as meta, AggregateReportPage as default } from '#app/features/reports/aggregate/page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
