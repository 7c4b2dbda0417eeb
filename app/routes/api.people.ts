import { peopleApi } from '#app/features/people/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/people', peopleApi)

export const loader = route.loader
export const action = route.action
