import { loadRenewal } from '#app/features/reports/renewal/renewal.server'
import { pageRoute } from '#app/http/page-route.server'

/** Renewal (spec 3 §2.11): a popup report, claim-view. */
const route = pageRoute('/reports/Renewal', { load: loadRenewal })

export const loader = route.loader
export { renewalMeta as meta, RenewalPage as default } from '#app/features/reports/renewal/renewal-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
