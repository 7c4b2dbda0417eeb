import { ledgerReportApi } from '#app/features/reports/ledger/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET /api/reports/:report (spec 3 §7): the report calls without a screen, by name (decision 0037). */
const route = apiRoute('/api/reports/:report', ledgerReportApi)

export const loader = route.loader
export const action = route.action
