import { ledgersApi } from '#app/features/policies/api-ledgers.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET, POST and PUT /api/ledgers (spec 3 §7). */
const route = apiRoute('/api/ledgers', ledgersApi)

export const loader = route.loader
export const action = route.action
