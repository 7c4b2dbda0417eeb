import { programApi } from '#app/features/policies/api-programs.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET, PUT and DELETE /api/programs/{id} (spec 3 §7). */
const route = apiRoute('/api/programs/:id', programApi)

export const loader = route.loader
export const action = route.action
