import { firmSearchApi } from '#app/features/firms/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/firms/search', firmSearchApi)

export const loader = route.loader
export const action = route.action
