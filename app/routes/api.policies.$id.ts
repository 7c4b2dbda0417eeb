import { policyApi } from '#app/features/policies/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET, PUT and DELETE /api/policies/{id} (spec 3 §7). */
const route = apiRoute('/api/policies/:id', policyApi)

export const loader = route.loader
export const action = route.action
