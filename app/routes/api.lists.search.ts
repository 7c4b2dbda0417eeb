import { listSearchApi } from '#app/features/lists/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/lists/search', listSearchApi)

export const loader = route.loader
export const action = route.action
