import { loadHome } from '#app/features/home/home.server'
import { pageRoute } from '#app/http/page-route.server'

// /home is the same page as / (spec 1 §2.1), guarded by its own registry entry.
const route = pageRoute('/home', { load: loadHome })

export const loader = route.loader
export { homeMeta as meta, HomePage as default } from '#app/features/home/home-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
