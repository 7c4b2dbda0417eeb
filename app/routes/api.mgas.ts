import { mgasApi } from '#app/features/billing/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/mgas', mgasApi)

export const loader = route.loader
export const action = route.action
