import { aggregateReportApi } from '#app/features/reports/aggregate/api.server'
import { reportsIndexApi } from '#app/features/reports/ledger/api.server'
import { apiRoute } from '#app/http/api-route.server'

/**
 * /api/reports (spec 3 §7): POST the aggregate report (decision 0035); GET the catalogue of the report
 * calls without a screen (decision 0037).
 */
const route = apiRoute('/api/reports', { ...aggregateReportApi, ...reportsIndexApi })

export const loader = route.loader
export const action = route.action
