import { listsApi } from '#app/features/lists/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/lists', listsApi)

export const loader = route.loader
export const action = route.action
