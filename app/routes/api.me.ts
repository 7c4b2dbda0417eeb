import { meApi } from '#app/features/preferences/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/me', meApi)

export const loader = route.loader
export const action = route.action
