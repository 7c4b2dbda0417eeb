import { NoPermissionPage, noPermissionMeta } from '#app/features/session/no-permission-page'
import { loadNoPermission } from '#app/features/session/no-permission.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/no-permission', { public: true, load: loadNoPermission })

export const loader = route.loader
export const meta = noPermissionMeta
export default NoPermissionPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
