import { sessionApi } from '#app/features/hours/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/sessions/:id', sessionApi)

export const loader = route.loader
export const action = route.action
