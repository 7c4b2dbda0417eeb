import '#app/features/claims/claims.css'
import { CLAIM_IDS, loadClaimView } from '#app/features/claims/view.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/viewClaim/:id', { ids: CLAIM_IDS, load: loadClaimView })

export const loader = route.loader
export { viewClaimMeta as meta, ViewClaimPage as default } from '#app/features/claims/view-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
