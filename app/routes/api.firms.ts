import { apiRoute } from '#app/http/api-route.server'
import { firmsByCategoryApi } from '#app/features/firms/api.server'

const route = apiRoute('/api/firms', firmsByCategoryApi)

export const loader = route.loader
export const action = route.action
