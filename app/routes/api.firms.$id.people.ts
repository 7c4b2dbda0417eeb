import { apiRoute } from '#app/http/api-route.server'
import { firmPeopleApi } from '#app/features/firms/api.server'

const route = apiRoute('/api/firms/:id/people', firmPeopleApi)

export const loader = route.loader
export const action = route.action
