import { hoursIntents, loadHours } from '#app/features/hours/hours.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/hours', { load: loadHours, intents: hoursIntents })

export const loader = route.loader
export const action = route.action
export { hoursMeta as meta, HoursPage as default } from '#app/features/hours/hours-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
