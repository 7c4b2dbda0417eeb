import { loadPreferences, preferencesIntents } from '#app/features/preferences/preferences.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/preferences', { load: loadPreferences, intents: preferencesIntents, defaultIntent: 'save' })

export const loader = route.loader
export const action = route.action
export { preferencesMeta as meta, PreferencesPage as default } from '#app/features/preferences/preferences-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
