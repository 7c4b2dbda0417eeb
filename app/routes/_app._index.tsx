import { loadHome } from '#app/features/home/home.server'
import { pageRoute } from '#app/http/page-route.server'

// / and /home (spec 1 §2.1): the home page's tiles.
const route = pageRoute('/', { load: loadHome })

export const loader = route.loader
export { homeMeta as meta, HomePage as default } from '#app/features/home/home-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
