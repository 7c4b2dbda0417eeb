import { ledgerApi } from '#app/features/policies/api-ledgers.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and PUT /api/ledgers/{id} (spec 3 §7). */
const route = apiRoute('/api/ledgers/:id', ledgerApi)

export const loader = route.loader
export const action = route.action
