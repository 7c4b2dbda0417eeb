import { StateRatesPage, stateRatesMeta } from '#app/features/taxes/state-rates-page'
import { loadStateRates, stateRatesIntents } from '#app/features/taxes/state-rates.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/manage/taxes', { load: loadStateRates, intents: stateRatesIntents })

export const loader = route.loader
export const action = route.action
export const meta = stateRatesMeta
export default StateRatesPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
