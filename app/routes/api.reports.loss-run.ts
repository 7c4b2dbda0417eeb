import { lossRunApi } from '#app/features/reports/loss-run/loss-run.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/reports/loss-run (spec 3 §7). */
const route = apiRoute('/api/reports/loss-run', lossRunApi)

export const loader = route.loader
export const action = route.action
