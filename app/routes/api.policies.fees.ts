import { policyFeesApi } from '#app/features/policies/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/policies/fees (spec 3 §7). */
const route = apiRoute('/api/policies/fees', policyFeesApi)

export const loader = route.loader
export const action = route.action
