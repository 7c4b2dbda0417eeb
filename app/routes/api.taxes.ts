import { taxesApi } from '#app/features/taxes/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and POST /api/taxes (spec 1 §7). */
const route = apiRoute('/api/taxes', taxesApi)

export const loader = route.loader
export const action = route.action
