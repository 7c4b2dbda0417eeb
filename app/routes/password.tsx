import { loadPassword, passwordIntents } from '#app/features/session/password.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/password', { load: loadPassword, intents: passwordIntents })

export const loader = route.loader
export const action = route.action
export const headers = route.headers
export { passwordMeta as meta, PasswordPage as default } from '#app/features/session/password-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
