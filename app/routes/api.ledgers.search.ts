import { ledgerSearchApi } from '#app/features/policies/api-ledgers.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/ledgers/search (spec 3 §7). */
const route = apiRoute('/api/ledgers/search', ledgerSearchApi)

export const loader = route.loader
export const action = route.action
