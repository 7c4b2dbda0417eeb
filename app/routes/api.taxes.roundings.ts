import { taxRoundingsApi } from '#app/features/taxes/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/taxes/roundings (spec 1 §7). */
const route = apiRoute('/api/taxes/roundings', taxRoundingsApi)

export const loader = route.loader
export const action = route.action
