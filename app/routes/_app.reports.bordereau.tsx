import { loadBordereau } from '#app/features/reports/bordereau/page.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/reports/bordereau', { load: loadBordereau })

export const loader = route.loader
export { bordereauMeta as meta, BordereauPage as default } from '#app/features/reports/bordereau/page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
