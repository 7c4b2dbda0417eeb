import { claimsApi } from '#app/features/claims/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/claims, POST /api/claims (spec 3 §7). */
const route = apiRoute('/api/claims', claimsApi)

export const loader = route.loader
export const action = route.action
