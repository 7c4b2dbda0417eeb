import { aggregateReportApi } from '#app/features/reports/aggregate/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** POST /api/reports: the aggregate report (spec 3 §7, decision 0035). */
const route = apiRoute('/api/reports', { ...aggregateReportApi })

export const loader = route.loader
export const action = route.action
