import { groupsApi } from '#app/features/roles/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/authgroups', groupsApi)

export const loader = route.loader
export const action = route.action
