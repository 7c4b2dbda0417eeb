import { loadLossRun } from '#app/features/reports/loss-run/loss-run.server'
import { pageRoute } from '#app/http/page-route.server'

/** Loss Run (spec 3 §2.10): a popup report, claim-view. */
const route = pageRoute('/reports/LossRun', { load: loadLossRun })

export const loader = route.loader
export { lossRunMeta as meta, LossRunPage as default } from '#app/features/reports/loss-run/loss-run-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
