import { policyTaxesApi } from '#app/features/taxes/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/policies/{id}/taxes (spec 3 §7). */
const route = apiRoute('/api/policies/:id/taxes', policyTaxesApi)

export const loader = route.loader
export const action = route.action
