import { claimLedgerEntryApi } from '#app/features/claims/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** PUT and DELETE /api/claims/{id}/ledger/{ledgerId} (spec 3 §7). */
const route = apiRoute('/api/claims/:id/ledger/:ledgerId', claimLedgerEntryApi)

export const loader = route.loader
export const action = route.action
