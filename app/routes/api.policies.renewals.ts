import { renewalApi } from '#app/features/reports/renewal/renewal.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/policies/renewals (spec 3 §7): the Renewal report's rows (decision 0036). */
const route = apiRoute('/api/policies/renewals', renewalApi)

export const loader = route.loader
export const action = route.action
