import { userSettingsApi } from '#app/features/preferences/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/v1/users/:id', userSettingsApi)

export const loader = route.loader
export const action = route.action
