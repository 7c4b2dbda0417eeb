import { loadClaimsSearch } from '#app/features/claims/search.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/search/claims/claimsSearch', { load: loadClaimsSearch })

export const loader = route.loader
export { claimsSearchMeta as meta, ClaimsSearchPage as default } from '#app/features/claims/search-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
