import { ProducerRatesPage, producerRatesMeta } from '#app/features/producer-rates/producer-rates-page'
import { loadProducerRates, producerRatesIntents } from '#app/features/producer-rates/producer-rates.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/manage/producerCommissions', { load: loadProducerRates, intents: producerRatesIntents })

export const loader = route.loader
export const action = route.action
export const meta = producerRatesMeta
export default ProducerRatesPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
