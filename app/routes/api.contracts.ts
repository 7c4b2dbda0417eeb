import { contractsApi } from '#app/features/reports/contracts-api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/contracts', contractsApi)

export const loader = route.loader
export const action = route.action
