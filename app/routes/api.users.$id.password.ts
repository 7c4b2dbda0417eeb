import { passwordApi } from '#app/features/session/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/users/:id/password', passwordApi)

export const loader = route.loader
export const action = route.action
