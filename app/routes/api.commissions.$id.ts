import { commissionApi } from '#app/features/commissions/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET, PUT and DELETE /api/commissions/{id} (spec 1 §7; GET: one rule with its history). */
const route = apiRoute('/api/commissions/:id', commissionApi)

export const loader = route.loader
export const action = route.action
