import { loadNoPermission } from '#app/features/session/no-permission.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/no-permission', { public: true, load: loadNoPermission })

export const loader = route.loader
export { noPermissionMeta as meta, NoPermissionPage as default } from '#app/features/session/no-permission-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
