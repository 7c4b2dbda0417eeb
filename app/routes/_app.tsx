import { IdleWatcher } from '#app/features/session/idle-watcher'
import { signedInLayout } from '#app/features/shell/shell-layout'
import { loadShell } from '#app/features/shell/shell.server'
import { pageRoute } from '#app/http/page-route.server'

// The signed-in shell. Its check serves the menus; every child route is guarded by its own factory.
const route = pageRoute('/', { load: loadShell })

export const loader = route.loader
export default signedInLayout(IdleWatcher)
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
