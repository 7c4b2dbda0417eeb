import { claimSearchApi } from '#app/features/claims/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** POST /api/claims/search (spec 3 §7). */
const route = apiRoute('/api/claims/search', claimSearchApi)

export const loader = route.loader
export const action = route.action
