import dayjs from 'dayjs'
import { getDb } from '#app/db/client.server'
import { readBody, readQuery } from '#app/http/api.server'
import { keepFile, keptAttachment } from '#app/http/download.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { formatBordereauDate } from '#app/domain/reports'
import { versionedCache } from '#app/models/data-version.server'
import {
  BORDEREAU_POLICIES_VERSION,
  bordereauContract,
  claimBordereauPage,
  claimBordereauRows,
  policyBordereauPage,
  policyBordereauRows,
  reportingPeriod,
  type BordereauPeriodRequest,
} from '#app/models/bordereau.server'
import { bordereauApiSchema, bordereauDownloadSchema } from '#app/schemas/bordereau'
import { bordereauDownload } from './download.server'
import { policyTotalsCells } from './totals'

const today = () => dayjs().format('YYYY-MM-DD')

const periodOf = (value: { contract: number; month?: string; year?: number }): BordereauPeriodRequest => ({
  contract: value.contract,
  month: !value.month || value.month === 'all' ? 'all' : Number(value.month),
  year: value.year ?? null,
})

/**
 * POST /api/reports/bordereau (spec 3 §7): body contract, queryType, month (1–12 or 'all'), year, and
 * a page of it (page, perPage ≤ 100). Answers data, count and, for policies, the totals (totalgross,
 * totaldominion, totalmiller); for claims contract_start and contract_end ('MMMM D, YYYY').
 */
export const bordereauApi: ApiHandlers = {
  POST: async ({ request }) => {
    const body = await readBody(request, bordereauApiSchema)
    const common = { large: body.large ?? false, page: body.page, perPage: body.perPage }
    if (body.queryType === 'policies') {
      const report = await policyBordereauPage(getDb(), { ...periodOf(body), ...common, today: today() })
      return {
        data: report.rows,
        count: report.count,
        page: report.page,
        totalPages: report.pages,
        totals: report.totals,
        contract: report.contract.contract,
      }
    }
    const report = await claimBordereauPage(getDb(), { contract: body.contract, ...common })
    return {
      data: report.rows,
      count: report.count,
      page: report.page,
      totalPages: report.pages,
      contract: report.contract.contract,
      coverholder: report.contract.coverholder,
      contract_start: formatBordereauDate(report.contract.start_date),
      contract_end: formatBordereauDate(report.contract.end_date),
    }
  },
}

/**
 * Policies bordereau downloads of at most this many rows are kept whole (bytes and gzip) under the
 * bordereau_policies version (decision 0041): a month of a contract at scale 100 is about 1,900 rows
 * and 614 KB of CSV, and at most DOWNLOADS_KEPT files are kept per process. Larger ones stream from
 * their keyset batches every time, in constant memory.
 */
const KEPT_DOWNLOAD_ROWS = 5_000
const DOWNLOADS_KEPT = 6
const policyDownloads = versionedCache(BORDEREAU_POLICIES_VERSION, DOWNLOADS_KEPT)

/** For tests: forget the kept downloads. */
export const clearBordereauDownloads = () => policyDownloads.clear()

/**
 * GET /api/reports/bordereau/download?type&contract&month&year&large&format=csv|xlsx&layout=office|lloyds:
 * the whole bordereau as bordereaux.csv or .xlsx (bordereau-download), streamed.
 */
export const bordereauDownloadApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, bordereauDownloadSchema)
    const db = getDb()
    const contract = await bordereauContract(db, query.contract)
    const large = query.large === 'on'
    const period = periodOf(query)
    const range = reportingPeriod(period)
    const heading = { coverholder: contract.coverholder, periodStart: range.start, periodEnd: range.end }
    if (query.type === 'policies') {
      // The version first, then the rows: a file kept under it is never older than it.
      const kept = await policyDownloads.open(db)
      const day = today()
      const summary = await policyBordereauPage(db, { ...period, large: false, page: 1, perPage: 1, today: day })
      const download = () =>
        bordereauDownload({
          type: 'policies',
          large,
          format: query.format,
          layout: query.layout,
          heading,
          rows: policyBordereauRows(db, { ...period, large, today: day }),
          totals: policyTotalsCells(summary.totals),
        })
      if (summary.count > KEPT_DOWNLOAD_ROWS) return download()
      const key = JSON.stringify([contract.id, period.month, period.year, day, large, query.format, query.layout])
      return keptAttachment(request, await kept.get(key, () => keepFile(download())))
    }
    return bordereauDownload({
      type: 'claims',
      large,
      format: query.format,
      layout: query.layout,
      heading: { ...heading, periodStart: contract.start_date, periodEnd: contract.end_date },
      rows: claimBordereauRows(db, { contract: contract.id, large }),
      totals: null,
    })
  },
}
