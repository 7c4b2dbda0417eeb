import { programsApi } from '#app/features/policies/api-programs.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and POST /api/programs (spec 3 §7). */
const route = apiRoute('/api/programs', programsApi)

export const loader = route.loader
export const action = route.action
