import { policyGroupCopyApi } from '#app/features/policies/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** PUT /api/policies/{id}/group (spec 3 §7). */
const route = apiRoute('/api/policies/:id/group', policyGroupCopyApi)

export const loader = route.loader
export const action = route.action
