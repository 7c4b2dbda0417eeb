import { usersApi } from '#app/features/roles/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/users', usersApi)

export const loader = route.loader
export const action = route.action
