import { PreferencesPage, preferencesMeta } from '#app/features/preferences/preferences-page'
import { loadPreferences, preferencesIntents } from '#app/features/preferences/preferences.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/preferences', { load: loadPreferences, intents: preferencesIntents, defaultIntent: 'save' })

export const loader = route.loader
export const action = route.action
export const meta = preferencesMeta
export default PreferencesPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
