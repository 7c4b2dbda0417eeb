import { commissionsApi } from '#app/features/commissions/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and POST /api/commissions (spec 1 §7). */
const route = apiRoute('/api/commissions', commissionsApi)

export const loader = route.loader
export const action = route.action
