import { claimLedgerApi } from '#app/features/claims/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and POST /api/claims/{id}/ledger (spec 3 §7). */
const route = apiRoute('/api/claims/:id/ledger', claimLedgerApi)

export const loader = route.loader
export const action = route.action
