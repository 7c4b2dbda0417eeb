import { HoursPage, hoursMeta } from '#app/features/hours/hours-page'
import { hoursIntents, loadHours } from '#app/features/hours/hours.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/hours', { load: loadHours, intents: hoursIntents })

export const loader = route.loader
export const action = route.action
export const meta = hoursMeta
export default HoursPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
