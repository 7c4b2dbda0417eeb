import { getDb } from '#app/db/client.server'
import { AGGREGATE_REPORT_FAILED } from '#app/domain/aggregate-report'
import { InvalidError } from '#app/domain/errors'
import { readBody } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { aggregateReport } from '#app/models/aggregate-report.server'
import { aggregateRequestSchema } from '#app/schemas/aggregate-report'

/**
 * POST /api/reports (spec 3 §3, §7; decision 0035): the aggregate report. Answers `data` (the page's
 * rows), `totals` (the totals row, null when `simple`) and the paging of the other report calls (count,
 * page, perPage, totalpages). A body that does not fit answers 400 with the spec's message (§8) and the
 * first problem as `detail`. Composed with the other report's GET in app/routes/api.reports.ts.
 */
export const aggregateReportApi = {
  POST: async ({ request }) => {
    const body = await readBody(request, aggregateRequestSchema, AGGREGATE_REPORT_FAILED)
    let report
    try {
      report = await aggregateReport(getDb(), body)
    } catch (error) {
      if (error instanceof InvalidError) throw new InvalidError(AGGREGATE_REPORT_FAILED, { detail: error.message })
      throw error
    }
    return {
      data: report.rows,
      totals: report.totals,
      columns: report.columns,
      sortBy: report.sortBy,
      sortDesc: report.sortDesc,
      count: report.count,
      page: report.page,
      perPage: body.perPage,
      totalpages: report.pages,
    }
  },
} satisfies ApiHandlers
