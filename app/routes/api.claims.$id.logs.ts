import { claimLogsApi } from '#app/features/claims/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/claims/{id}/logs (spec 3 §7). */
const route = apiRoute('/api/claims/:id/logs', claimLogsApi)

export const loader = route.loader
export const action = route.action
