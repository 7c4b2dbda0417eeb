import { loadMfa, mfaIntents } from '#app/features/mfa/mfa.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/mfa', { load: loadMfa, intents: mfaIntents })

export const loader = route.loader
export const action = route.action
export const headers = route.headers
export { mfaMeta as meta, MfaPage as default } from '#app/features/mfa/mfa-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
