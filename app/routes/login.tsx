import { loadLogin, loginIntents } from '#app/features/session/login.server'
import { pageRoute } from '#app/http/page-route.server'

// /login is public (registry: PUBLIC); the loader sends a signed-in user on to work.
const route = pageRoute('/login', { public: true, load: loadLogin, intents: loginIntents })

export const loader = route.loader
export const action = route.action
export const headers = route.headers
export { loginMeta as meta, LoginPage as default } from '#app/features/session/login-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
