import { ClaimsSearchPage, claimsSearchMeta } from '#app/features/claims/search-page'
import { loadClaimsSearch } from '#app/features/claims/search.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/search/claims/claimsSearch', { load: loadClaimsSearch })

export const loader = route.loader
export const meta = claimsSearchMeta
export default ClaimsSearchPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
