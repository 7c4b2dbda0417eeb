import { IDLE_GUARD, idleIntents, loadIdle } from '#app/features/session/idle.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/idle', { guard: IDLE_GUARD, load: loadIdle, intents: idleIntents })

export const loader = route.loader
export const action = route.action
export const headers = route.headers
export { idleMeta as meta, IdlePage as default } from '#app/features/session/idle-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
