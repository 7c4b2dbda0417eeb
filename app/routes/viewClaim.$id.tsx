import '#app/features/claims/claims.css'
import { ViewClaimPage, viewClaimMeta } from '#app/features/claims/view-page'
import { CLAIM_IDS, loadClaimView } from '#app/features/claims/view.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/viewClaim/:id', { ids: CLAIM_IDS, load: loadClaimView })

export const loader = route.loader
export const meta = viewClaimMeta
export default ViewClaimPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
