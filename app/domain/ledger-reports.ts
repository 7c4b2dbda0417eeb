/**
 * The report calls of spec 3 §7 that have no screen ("Other report endpoints seen"), answered by
 * `GET /api/reports/:report` (decision 0037): their names, what each reads, its parameters and the
 * orders each may be sorted by. `GET /api/reports` answers this catalogue.
 */

export const LEDGER_REPORT_NAMES = [
  'aging',
  'client-balances',
  'deposit-balances',
  'exceptions',
  'ledgers-checks',
  'newly-firms',
  'nga-summary',
  'past-policies-without-entries',
  'payments',
  'status',
  'summary',
  'webin',
] as const
export type LedgerReportName = (typeof LEDGER_REPORT_NAMES)[number]

/** Every list of these reports: 100 rows a page by default, at most 1000. */
export const REPORT_DEFAULT_PER_PAGE = 100
export const REPORT_MAX_PER_PAGE = 1000
/** Spec 3 §9: ledger checks are limited to 30 rows. */
export const CHECKS_LIMIT = 30

/** The aging buckets of unpaid invoices, by days past their due date (not yet due counts as 0–30). */
export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]

/** Days past due → bucket (negative days: not yet due, in 0–30). */
export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return '0-30'
  if (days <= 60) return '31-60'
  if (days <= 90) return '61-90'
  return '90+'
}

/** The status report's two reports (spec 3 §7 "report lost or book"): the statuses each holds. */
export const STATUS_REPORTS = { book: ['Book'], lost: ['Lost', 'dncLost'] } as const
export type StatusReport = keyof typeof STATUS_REPORTS

/** The exceptions report's scopes: booked policies missing what a bound policy must carry. */
export const EXCEPTION_SCOPES = ['nonum', 'bound'] as const
export type ExceptionScope = (typeof EXCEPTION_SCOPES)[number]

/** The deposit balances' grouping ("date by day, month or year"). */
export const DEPOSIT_GROUPS = ['day', 'month', 'year'] as const
export type DepositGroup = (typeof DEPOSIT_GROUPS)[number]

/** Client balances: what clients owe the office (receivables) or the office owes them (payables). */
export const BALANCE_KINDS = ['receivables', 'payables'] as const
export type BalanceKind = (typeof BALANCE_KINDS)[number]

/** Payments: money in (received) or out (disbursed). */
export const PAYMENT_KINDS = ['received', 'disbursed'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]
/** A payments report spans at most this many days (its totals sum every payment of the span). */
export const PAYMENTS_MAX_DAYS = 92
/** newly-firms and webin look back this many days unless `since` is given. */
export const RECENT_DAYS = 30

/** The column lists each report may be sorted by (`orders`) and select (`fields`). */
export const AGING_ORDERS = ['due', 'amt', 'pid', 'lid'] as const
export const STATUS_ORDERS = ['incept', 'pid'] as const
export const STATUS_FIELDS = [
  'pid',
  'fid',
  'status',
  'insured',
  'polnum',
  'carrier',
  'type',
  'incept',
  'expiry',
  'premium',
  'booked',
  'canceled',
  'cancellationcode',
] as const
export const NEWLY_FIRMS_ORDERS = ['created'] as const
export const EXCEPTION_ORDERS = ['incept', 'pid'] as const
export const CHECK_ORDERS = ['lid', 'pid', 'type', 'acct', 'amt', 'due', 'paid', 'dep'] as const
export const CHECK_FIELDS = [
  'lid',
  'pid',
  'fid',
  'cid',
  'contact',
  'type',
  'acct',
  'num',
  'amt',
  'due',
  'paid',
  'dep',
  'note',
] as const
export const DEPOSIT_FIELDS = ['date', 'entries', 'amount'] as const
export const BALANCE_ORDERS = ['balance', 'fid', 'entries'] as const
export const PAST_ORDERS = ['incept', 'pid'] as const
export const PAYMENT_ORDERS = ['paid', 'amt', 'lid'] as const
export const WEBIN_ORDERS = ['dated'] as const
export const CATALOGUE_ORDERS = ['name'] as const

/** The reports whose totals `summary` answers. */
export const SUMMARY_REPORTS = [
  'aging',
  'client-balances',
  'deposit-balances',
  'exceptions',
  'newly-firms',
  'past-policies-without-entries',
  'status',
  'webin',
] as const
export type SummaryReport = (typeof SUMMARY_REPORTS)[number]

export interface ReportEntry {
  name: LedgerReportName
  /** false: the data model holds no source for it; the call answers 501 with `reason`. */
  supported: boolean
  description: string
  parameters: Record<string, string>
  orders: readonly string[]
  fields: readonly string[]
  reason?: string
}

const paging = {
  page: 'page number, from 1 (default 1)',
  perPage: `rows a page, 1–${REPORT_MAX_PER_PAGE} (default ${REPORT_DEFAULT_PER_PAGE})`,
}
const sorting = { orders: 'columns to sort by, from `orders`', directions: 'asc or desc, one per order' }

export const NGA_SUMMARY_REASON =
  'nga-summary is not supported: the data model holds no NGA (no carrier, program, contract or contact of that name, and no field that marks one), so there is nothing to summarise.'

/** The catalogue of GET /api/reports/:report, in name order. */
export const REPORT_CATALOGUE: readonly ReportEntry[] = [
  {
    name: 'aging',
    supported: true,
    description:
      'Unpaid invoices (ledger entries of type Invoice without a paid date) by days past due, in 0–30 (not yet due included), 31–60, 61–90 and 90+ buckets; totals per bucket, and invoices without a due date apart.',
    parameters: { aging: `a bucket, ${AGING_BUCKETS.join(', ')} or all (default all)`, ...sorting, ...paging },
    orders: AGING_ORDERS,
    fields: [],
  },
  {
    name: 'client-balances',
    supported: true,
    description:
      "Each client's (firm's) open balance from its policies' unpaid ledger entries: receivables are the positive ones (invoices the client owes), payables the negative ones without a contact (refunds the office owes the client).",
    parameters: {
      balance: `${BALANCE_KINDS.join(' or ')} (default receivables)`,
      client: 'a firm id, for that client alone',
      ...sorting,
      ...paging,
    },
    orders: BALANCE_ORDERS,
    fields: [],
  },
  {
    name: 'deposit-balances',
    supported: true,
    description:
      'Money deposited (ledger entries with a deposit date), summed by day, month or year of deposit, newest first.',
    parameters: {
      date: `${DEPOSIT_GROUPS.join(', ')} (default day)`,
      fields: 'columns to answer, from `fields`',
      ...paging,
    },
    orders: [],
    fields: DEPOSIT_FIELDS,
  },
  {
    name: 'exceptions',
    supported: true,
    description:
      'Booked policies (status Book) missing what a bound policy carries: nonum, no policy number; bound, no bound date.',
    parameters: { scope: `${EXCEPTION_SCOPES.join(' or ')} (default nonum)`, ...sorting, ...paging },
    orders: EXCEPTION_ORDERS,
    fields: [],
  },
  {
    name: 'ledgers-checks',
    supported: true,
    description: `The ledger entries paid or received by one check (entries whose number is the check number), at most ${CHECKS_LIMIT} a page (spec 3 §9), with their total.`,
    parameters: {
      check: 'the check number (required, exact)',
      fields: 'columns to answer, from `fields`',
      ...sorting,
      limit: `rows a page, 1–${CHECKS_LIMIT} (default ${CHECKS_LIMIT})`,
      page: paging.page,
    },
    orders: CHECK_ORDERS,
    fields: CHECK_FIELDS,
  },
  {
    name: 'newly-firms',
    supported: true,
    description: `Firms added since a date (default the last ${RECENT_DAYS} days), newest first.`,
    parameters: { since: 'YYYY-MM-DD', ...sorting, ...paging },
    orders: NEWLY_FIRMS_ORDERS,
    fields: [],
  },
  {
    name: 'nga-summary',
    supported: false,
    description: 'Not supported.',
    parameters: {},
    orders: [],
    fields: [],
    reason: NGA_SUMMARY_REASON,
  },
  {
    name: 'past-policies-without-entries',
    supported: true,
    description: 'Policies in status Past with no ledger entry at all.',
    parameters: { ...sorting, ...paging },
    orders: PAST_ORDERS,
    fields: [],
  },
  {
    name: 'payments',
    supported: true,
    description: `Ledger entries paid within a span of at most ${PAYMENTS_MAX_DAYS} days (default the last 30): received (positive amounts) or disbursed (negative amounts), with their count and total.`,
    parameters: {
      payment: `${PAYMENT_KINDS.join(' or ')} (default received)`,
      from: 'YYYY-MM-DD (default 30 days before to)',
      to: 'YYYY-MM-DD (default today)',
      ...sorting,
      ...paging,
    },
    orders: PAYMENT_ORDERS,
    fields: [],
  },
  {
    name: 'status',
    supported: true,
    description:
      'The policies of a status report: book (status Book) or lost (Lost and dncLost), with the count per status.',
    parameters: {
      report: 'book or lost (default book)',
      fields: 'columns to answer, from `fields`',
      ...sorting,
      ...paging,
    },
    orders: STATUS_ORDERS,
    fields: STATUS_FIELDS,
  },
  {
    name: 'summary',
    supported: true,
    description: "Another report's totals without its rows.",
    parameters: { report: `${SUMMARY_REPORTS.join(', ')} (required)` },
    orders: [],
    fields: [],
  },
  {
    name: 'webin',
    supported: true,
    description: `Incoming web notes (notes of type 'web in': web quote requests, online applications) since a date (default the last ${RECENT_DAYS} days), newest first.`,
    parameters: { since: 'YYYY-MM-DD', ...sorting, ...paging },
    orders: WEBIN_ORDERS,
    fields: [],
  },
]

export const UNKNOWN_REPORT = (name: string) =>
  `No report named '${name}'. The reports are: ${LEDGER_REPORT_NAMES.join(', ')}.`
