import { claimApi } from '#app/features/claims/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET, PUT and DELETE /api/claims/{id} (spec 3 §7). */
const route = apiRoute('/api/claims/:id', claimApi)

export const loader = route.loader
export const action = route.action
