import dayjs from 'dayjs'
import type { z } from 'zod'
import { getDb } from '#app/db/client.server'
import { DomainError, NotFoundError } from '#app/domain/errors'
import {
  LEDGER_REPORT_NAMES,
  NGA_SUMMARY_REASON,
  PAYMENTS_MAX_DAYS,
  RECENT_DAYS,
  REPORT_CATALOGUE,
  UNKNOWN_REPORT,
  type LedgerReportName,
  type SummaryReport,
} from '#app/domain/ledger-reports'
import { InvalidError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readQuery } from '#app/http/api.server'
import {
  agingPage,
  agingTotals,
  checkPage,
  clientBalancesPage,
  depositPage,
  exceptionsCount,
  exceptionsPage,
  newFirmsCount,
  newFirmsPage,
  pastWithoutEntriesCount,
  pastWithoutEntriesPage,
  paymentsPage,
  statusCounts,
  statusPage,
  webInCount,
  webInPage,
} from '#app/models/ledger-reports.server'
import {
  agingQuerySchema,
  balancesQuerySchema,
  catalogueQuerySchema,
  checksQuerySchema,
  depositQuerySchema,
  exceptionsQuerySchema,
  newlyFirmsQuerySchema,
  noQuerySchema,
  pastQuerySchema,
  paymentsQuerySchema,
  statusQuerySchema,
  summaryQuerySchema,
  webinQuerySchema,
} from '#app/schemas/ledger-reports'

/**
 * GET /api/reports/:report (spec 3 §7 "Other report endpoints seen", decision 0037): one table, report
 * name → its query's schema and its handler. Each answers `{ report, data, count, page, perPage,
 * totalpages }` and the report's totals where it has them; money as decimal strings. An unknown
 * name is a 404 that lists the reports; a report the data model cannot source answers 501.
 */

const today = () => dayjs().format('YYYY-MM-DD')
const daysBefore = (date: string, days: number) => dayjs(date).subtract(days, 'day').format('YYYY-MM-DD')

/** A report the data model holds no source for: 501 with the reason, never an empty answer. */
class NotSupportedError extends DomainError {
  override name = 'NotSupportedError'
  constructor(message: string) {
    super(message, 'NOT_IMPLEMENTED', 501)
  }
}

interface ReportSpec<S extends z.ZodType> {
  schema: S
  run: (query: z.infer<S>) => Promise<Record<string, unknown>>
}

const report = <S extends z.ZodType>(schema: S, run: (query: z.infer<S>) => Promise<Record<string, unknown>>) =>
  ({ schema, run }) as ReportSpec<z.ZodType>

/** A page as the answer's list fields. */
const listed = <Row>(
  name: LedgerReportName,
  list: { rows: Row[]; total: number; page: number; pages: number },
  perPage: number,
) => ({
  report: name,
  data: list.rows,
  count: list.total,
  page: list.page,
  perPage,
  totalpages: list.pages,
})

/** The totals of a report (summary?report=…), as each report answers them beside its rows. */
async function totalsOf(name: SummaryReport): Promise<Record<string, unknown>> {
  const db = getDb()
  switch (name) {
    case 'aging':
      return { totals: await agingTotals(db, today()) }
    case 'status': {
      const [book, lost] = await Promise.all([statusCounts(db, 'book'), statusCounts(db, 'lost')])
      return { totals: { book, lost } }
    }
    case 'newly-firms':
      return {
        since: daysBefore(today(), RECENT_DAYS),
        totals: await newFirmsCount(db, daysBefore(today(), RECENT_DAYS)),
      }
    case 'exceptions': {
      const [nonum, bound] = await Promise.all([exceptionsCount(db, 'nonum'), exceptionsCount(db, 'bound')])
      return { totals: { nonum, bound } }
    }
    case 'past-policies-without-entries':
      return { totals: await pastWithoutEntriesCount(db) }
    case 'webin':
      return { since: daysBefore(today(), RECENT_DAYS), totals: await webInCount(db, daysBefore(today(), RECENT_DAYS)) }
    case 'deposit-balances': {
      const list = await depositPage(db, { date: 'day', page: 1, size: 1 })
      return { totals: list.totals }
    }
    case 'client-balances': {
      const [receivables, payables] = await Promise.all([
        clientBalancesPage(db, { balance: 'receivables', sort: [{ column: 'balance', desc: true }], page: 1, size: 1 }),
        clientBalancesPage(db, { balance: 'payables', sort: [{ column: 'balance', desc: true }], page: 1, size: 1 }),
      ])
      return {
        totals: {
          receivables: { clients: receivables.total, amount: receivables.amount },
          payables: { clients: payables.total, amount: payables.amount },
        },
      }
    }
  }
}

export const LEDGER_REPORTS: Record<LedgerReportName, ReportSpec<z.ZodType>> = {
  aging: report(agingQuerySchema, async (query) => {
    const list = await agingPage(getDb(), { ...query, size: query.perPage, today: today() })
    return { ...listed('aging', list, query.perPage), aging: query.aging, asOf: today(), totals: list.totals }
  }),
  'client-balances': report(balancesQuerySchema, async (query) => {
    const list = await clientBalancesPage(getDb(), { ...query, size: query.perPage })
    return { ...listed('client-balances', list, query.perPage), balance: query.balance, amount: list.amount }
  }),
  'deposit-balances': report(depositQuerySchema, async (query) => {
    const list = await depositPage(getDb(), { date: query.date, page: query.page, size: query.perPage })
    const fields = query.fields.length ? query.fields : (['date', 'entries', 'amount'] as const)
    const rows = list.rows.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]])))
    return { ...listed('deposit-balances', { ...list, rows }, query.perPage), date: query.date, totals: list.totals }
  }),
  exceptions: report(exceptionsQuerySchema, async (query) => {
    const list = await exceptionsPage(getDb(), { ...query, size: query.perPage })
    return { ...listed('exceptions', list, query.perPage), scope: query.scope }
  }),
  'ledgers-checks': report(checksQuerySchema, async (query) => {
    const list = await checkPage(getDb(), { ...query, size: query.limit })
    return { ...listed('ledgers-checks', list, query.limit), check: query.check, amount: list.amount }
  }),
  'newly-firms': report(newlyFirmsQuerySchema, async (query) => {
    const since = query.since ?? daysBefore(today(), RECENT_DAYS)
    const list = await newFirmsPage(getDb(), { ...query, since, size: query.perPage })
    // The count stops 1000 rows past the page (`more`: there are more than `count`).
    return { ...listed('newly-firms', list, query.perPage), since, more: list.more }
  }),
  'nga-summary': report(noQuerySchema, () => Promise.reject(new NotSupportedError(NGA_SUMMARY_REASON))),
  'past-policies-without-entries': report(pastQuerySchema, async (query) => {
    const list = await pastWithoutEntriesPage(getDb(), { ...query, size: query.perPage })
    return listed('past-policies-without-entries', list, query.perPage)
  }),
  payments: report(paymentsQuerySchema, async (query) => {
    const to = query.to ?? today()
    const from = query.from ?? daysBefore(to, 30)
    if (from > to) throw new InvalidError('from must be on or before to')
    if (dayjs(to).diff(dayjs(from), 'day') >= PAYMENTS_MAX_DAYS)
      throw new InvalidError(`from and to span at most ${PAYMENTS_MAX_DAYS} days`)
    const list = await paymentsPage(getDb(), { ...query, from, to, size: query.perPage })
    return { ...listed('payments', list, query.perPage), payment: query.payment, from, to, totals: list.totals }
  }),
  status: report(statusQuerySchema, async (query) => {
    const list = await statusPage(getDb(), { ...query, size: query.perPage })
    return { ...listed('status', list, query.perPage), statusReport: query.report, totals: list.counted }
  }),
  summary: report(summaryQuerySchema, async (query) => ({
    report: 'summary',
    of: query.report,
    ...(await totalsOf(query.report)),
  })),
  webin: report(webinQuerySchema, async (query) => {
    const since = query.since ?? daysBefore(today(), RECENT_DAYS)
    const list = await webInPage(getDb(), { ...query, since, size: query.perPage })
    return { ...listed('webin', list, query.perPage), since }
  }),
}

const isReportName = (name: string): name is LedgerReportName =>
  (LEDGER_REPORT_NAMES as readonly string[]).includes(name)

/** GET /api/reports/:report: the report named, its query checked by its schema. */
export const ledgerReportApi: ApiHandlers = {
  GET: async ({ request, params }) => {
    const name = params.report ?? ''
    if (!isReportName(name)) throw new NotFoundError(UNKNOWN_REPORT(name))
    const spec = LEDGER_REPORTS[name]
    return spec.run(readQuery(request, spec.schema))
  },
}

/**
 * GET /api/reports (orders, directions): the catalogue of the report calls — each name, whether the
 * data model supports it (and why not), what it reads, its parameters, and the `orders` and `fields`
 * it accepts — sorted by name.
 */
export const reportsIndexApi: ApiHandlers = {
  GET: ({ request }) => {
    const query = readQuery(request, catalogueQuerySchema)
    const desc = query.sort[0]?.desc ?? false
    const data = [...REPORT_CATALOGUE].sort((a, b) =>
      desc ? b.name.localeCompare(a.name) : a.name.localeCompare(b.name),
    )
    return { data, count: data.length }
  },
}
