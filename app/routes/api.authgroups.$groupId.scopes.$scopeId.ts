import { groupScopeApi } from '#app/features/roles/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/authgroups/:groupId/scopes/:scopeId', groupScopeApi)

export const loader = route.loader
export const action = route.action
