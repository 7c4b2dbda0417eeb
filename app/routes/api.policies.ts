import { policiesApi } from '#app/features/policies/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and POST /api/policies (spec 3 §7). */
const route = apiRoute('/api/policies', policiesApi)

export const loader = route.loader
export const action = route.action
