import { firmTotalsApi } from '#app/features/firms/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/firms/totals/:id', firmTotalsApi)

export const loader = route.loader
export const action = route.action
