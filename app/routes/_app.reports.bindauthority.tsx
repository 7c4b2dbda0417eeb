import { loadBindAuthority } from '#app/features/reports/bind-authority/bind-authority.server'
import { pageRoute } from '#app/http/page-route.server'

/** Bind Authority Production (spec 3 §2.7), bindauthority-view. */
const route = pageRoute('/reports/bindauthority', { load: loadBindAuthority })

export const loader = route.loader
export {
  bindAuthorityMeta as meta,
  BindAuthorityPage as default,
} from '#app/features/reports/bind-authority/bind-authority-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
