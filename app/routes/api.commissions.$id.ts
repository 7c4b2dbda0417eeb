import { commissionApi } from '#app/features/commissions/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** PUT and DELETE /api/commissions/{id} (spec 1 §7). */
const route = apiRoute('/api/commissions/:id', commissionApi)

export const loader = route.loader
export const action = route.action
