import { personApi } from '#app/features/people/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/people/:id', personApi)

export const loader = route.loader
export const action = route.action
