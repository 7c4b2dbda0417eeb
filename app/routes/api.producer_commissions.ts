import { producerCommissionsApi } from '#app/features/producer-rates/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/producer_commissions', producerCommissionsApi)

export const loader = route.loader
export const action = route.action
