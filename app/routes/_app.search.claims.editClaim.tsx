import { claimCreateIntents, loadClaimOpen } from '#app/features/claims/open.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/search/claims/editClaim', { load: loadClaimOpen, intents: claimCreateIntents })

export const loader = route.loader
export const action = route.action
export { claimOpenMeta as meta, ClaimOpenPage as default } from '#app/features/claims/open-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
