import { taxApi } from '#app/features/taxes/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** PUT and DELETE /api/taxes/{id} (spec 1 §7). */
const route = apiRoute('/api/taxes/:id', taxApi)

export const loader = route.loader
export const action = route.action
