import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import {
  agingBucket,
  STATUS_REPORTS,
  type AgingBucket,
  type BalanceKind,
  type DepositGroup,
  type ExceptionScope,
  type PaymentKind,
  type StatusReport,
} from '#app/domain/ledger-reports'
import { centsToDecimal, toCents } from '#app/domain/money'
import type { Page, PageRequest } from '#app/domain/paging'
import { cappedPageOf, countUpTo, keptCountPageOf, pageOf, TOTAL_SQL } from './paging.server'

/**
 * The report calls of spec 3 §7 without a screen (decision 0037), read from the ledger, policies,
 * firms and notes. Each list is cut as a page in an index's order where it can grow with the office
 * (the count read apart by the same index), or counted beside its rows where it stays small.
 * Money comes back as decimal strings ('1234.50').
 */

/** newly-firms counts at most this many rows past its page ("1000+"). */
export const NEW_FIRMS_COUNT_CAP = 1000

export interface SortKey<T extends string = string> {
  column: T
  desc: boolean
}

const money = (value: unknown): string =>
  centsToDecimal(toCents(value === null || value === undefined ? null : String(value)) ?? 0)

const moneyOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : money(value))

/**
 * ORDER BY from whitelisted sort keys: each key's column from `columns` (fixed SQL, never the
 * request's text), then `tie` in the first key's direction. Nulls sort as PostgreSQL's default (last
 * ascending, first descending: a plain index read either way), except for the columns listed in
 * NULLS_LAST_WHEN_DESC, whose indexes are (column DESC NULLS LAST, pid DESC) like the Bind Authority's.
 */
function orderBy<T extends string>(keys: readonly SortKey<T>[], columns: Record<T, string>, tie: string): SQL {
  const parts = keys.map(({ column, desc }) => {
    const name = columns[column]
    const nulls = NULLS_LAST_WHEN_DESC.has(name) ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : ''
    return `${name} ${desc ? 'DESC' : 'ASC'}${nulls}`
  })
  const tieDesc = keys[0]?.desc ?? false
  if (!keys.some(({ column }) => columns[column] === tie)) parts.push(`${tie} ${tieDesc ? 'DESC' : 'ASC'}`)
  return sql.raw(parts.join(', '))
}

const NULLS_LAST_WHEN_DESC = new Set(['p.incept', 'page.incept'])

// ── aging ───────────────────────────────────────────────────────────────────────────────────────────

/** Unpaid invoices: the predicate of `ledgers_unpaid_invoices_idx` (written as the index has it). */
const UNPAID_INVOICE = sql.raw(`l.type = 'Invoice' AND l.paid IS NULL`)

/** The due dates of a bucket on `today` (days past due = today − due). */
function bucketRange(bucket: AgingBucket | 'all', today: string): SQL {
  const day = (days: number) => sql`(${today}::date - ${days}::int)`
  switch (bucket) {
    case '0-30':
      return sql`l.due >= ${day(30)}`
    case '31-60':
      return sql`l.due >= ${day(60)} AND l.due < ${day(30)}`
    case '61-90':
      return sql`l.due >= ${day(90)} AND l.due < ${day(60)}`
    case '90+':
      return sql`l.due < ${day(90)}`
    case 'all':
      return sql`true`
  }
}

export interface AgingTotals {
  count: number
  amount: string
  buckets: { bucket: AgingBucket; count: number; amount: string }[]
  undated: { count: number; amount: string }
}

export async function agingTotals(db: DbOrTx, today: string): Promise<AgingTotals> {
  const { rows } = await db.execute<Record<string, string | number | null>>(sql`
    SELECT count(*)::int AS n, sum(l.amt)::text AS amt,
           count(*) FILTER (WHERE l.due IS NULL)::int AS n_undated, sum(l.amt) FILTER (WHERE l.due IS NULL)::text AS amt_undated,
           count(*) FILTER (WHERE ${bucketRange('0-30', today)})::int AS n0, sum(l.amt) FILTER (WHERE ${bucketRange('0-30', today)})::text AS amt0,
           count(*) FILTER (WHERE ${bucketRange('31-60', today)})::int AS n1, sum(l.amt) FILTER (WHERE ${bucketRange('31-60', today)})::text AS amt1,
           count(*) FILTER (WHERE ${bucketRange('61-90', today)})::int AS n2, sum(l.amt) FILTER (WHERE ${bucketRange('61-90', today)})::text AS amt2,
           count(*) FILTER (WHERE ${bucketRange('90+', today)})::int AS n3, sum(l.amt) FILTER (WHERE ${bucketRange('90+', today)})::text AS amt3
      FROM ledgers l
     WHERE ${UNPAID_INVOICE}
  `)
  const row = rows[0] ?? {}
  const buckets = (['0-30', '31-60', '61-90', '90+'] as const).map((bucket, index) => ({
    bucket,
    count: Number(row[`n${index}`] ?? 0),
    amount: money(row[`amt${index}`]),
  }))
  return {
    count: Number(row.n ?? 0),
    amount: money(row.amt),
    buckets,
    undated: { count: Number(row.n_undated ?? 0), amount: money(row.amt_undated) },
  }
}

const AGING_COLUMNS = { due: 'l.due', amt: 'l.amt', pid: 'l.pid', lid: 'l.lid' }

export interface AgingRow {
  lid: number
  pid: number
  fid: number
  firm: string
  num: string | null
  amt: string
  due: string | null
  days: number | null
  bucket: AgingBucket | null
}

export async function agingPage(
  db: DbOrTx,
  query: { aging: AgingBucket | 'all'; sort: SortKey<keyof typeof AGING_COLUMNS>[]; today: string } & PageRequest,
) {
  const totals = await agingTotals(db, query.today)
  const count =
    query.aging === 'all' ? totals.count : (totals.buckets.find((b) => b.bucket === query.aging)?.count ?? 0)
  const order = orderBy(query.sort, AGING_COLUMNS, 'l.lid')
  const list = await keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<Omit<AgingRow, 'bucket'>>(sql`
        WITH page AS (
          SELECT l.lid, l.pid, l.amt, l.due FROM ledgers l
           WHERE ${UNPAID_INVOICE} AND ${bucketRange(query.aging, query.today)}
           ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT l.lid, l.pid, p.fid, f.sort AS firm, e.num, l.amt::text AS amt, l.due::text AS due,
               (${query.today}::date - l.due)::int AS days
          FROM page l
          JOIN ledgers e ON e.lid = l.lid
          JOIN policies p ON p.pid = l.pid
          JOIN firms f ON f.fid = p.fid
         ORDER BY ${order}
      `)
      return rows.map((row): AgingRow => ({
        lid: Number(row.lid),
        pid: Number(row.pid),
        fid: Number(row.fid),
        firm: row.firm,
        num: row.num,
        amt: money(row.amt),
        due: row.due,
        days: row.days === null ? null : Number(row.days),
        bucket: row.days === null ? null : agingBucket(Number(row.days)),
      }))
    },
    async () => ({ count }),
    query,
  )
  return { ...list, totals }
}

// ── status ──────────────────────────────────────────────────────────────────────────────────────────

/** The status report's policies, as the partial indexes' predicates have them (literals, not parameters). */
const STATUS_PREDICATE: Record<StatusReport, SQL> = {
  book: sql.raw(`p.status = 'Book'`),
  lost: sql.raw(`p.status IN ('Lost', 'dncLost')`),
}

const STATUS_FIELD_SQL = {
  pid: 'p.pid',
  fid: 'p.fid',
  status: 'p.status',
  insured: 'p.insured',
  polnum: 'p.polnum',
  carrier: 'p.carrier',
  type: 'p.type',
  incept: 'p.incept::text',
  expiry: 'p.expiry::text',
  premium: 'p.premium::text',
  booked: 'p.booked::text',
  canceled: 'p.canceled::text',
  cancellationcode: 'p.cancellationcode',
} as const
export type StatusField = keyof typeof STATUS_FIELD_SQL

const POLICY_ORDER_COLUMNS = { incept: 'p.incept', pid: 'p.pid' }

export async function statusCounts(db: DbOrTx, report: StatusReport) {
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    SELECT p.status, count(*)::int AS n FROM policies p WHERE ${STATUS_PREDICATE[report]} GROUP BY p.status
  `)
  const statuses = STATUS_REPORTS[report].map((status) => ({
    status,
    count: Number(rows.find((row) => row.status === status)?.n ?? 0),
  }))
  return { count: statuses.reduce((sum, s) => sum + s.count, 0), statuses }
}

export async function statusPage(
  db: DbOrTx,
  query: {
    report: StatusReport
    fields: StatusField[]
    sort: SortKey<keyof typeof POLICY_ORDER_COLUMNS>[]
  } & PageRequest,
) {
  const fields = query.fields.length ? query.fields : (Object.keys(STATUS_FIELD_SQL) as StatusField[])
  const order = orderBy(query.sort, POLICY_ORDER_COLUMNS, 'p.pid')
  const select = sql.raw(fields.map((field) => `${STATUS_FIELD_SQL[field]} AS "${field}"`).join(', '))
  const list = await keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        WITH page AS (
          SELECT p.pid, p.incept FROM policies p WHERE ${STATUS_PREDICATE[query.report]}
           ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT ${select} FROM page JOIN policies p ON p.pid = page.pid ORDER BY ${order}
      `)
      return rows.map((row) => {
        const out: Record<string, unknown> = {}
        for (const field of fields) {
          const value = row[field]
          out[field] =
            field === 'pid' || field === 'fid' ? Number(value) : field === 'premium' ? moneyOrNull(value) : value
        }
        return out
      })
    },
    () => statusCounts(db, query.report),
    query,
  )
  return list
}

// ── newly-firms ─────────────────────────────────────────────────────────────────────────────────────

/** Firms added since a date, matched in `firms_created_idx`'s order. */
const newFirmsMatching = (since: string) => (limit: number) =>
  sql`SELECT 1 FROM firms f WHERE f.created_at >= ${since}::date LIMIT ${limit}`

/** How many firms were added since a date, counting at most `cap` (then `more`): the office may add many at once (an import). */
export async function newFirmsCount(db: DbOrTx, since: string, cap = NEW_FIRMS_COUNT_CAP) {
  const n = await countUpTo(db, newFirmsMatching(since), cap + 1)
  return { count: Math.min(n, cap), more: n > cap }
}

export async function newFirmsPage(db: DbOrTx, query: { since: string; sort: SortKey<'created'>[] } & PageRequest) {
  const order = orderBy(query.sort, { created: 'f.created_at' }, 'f.fid')
  return cappedPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<{
        fid: number
        sort: string
        insured: string
        type: string
        status: string
        state: string | null
        producer: string
        source: string | null
        created: string
      }>(sql`
        WITH page AS (
          SELECT f.fid, f.created_at FROM firms f WHERE f.created_at >= ${query.since}::date
           ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT f.fid, f.sort, f.insured, f.type, f.status, f.state, f.producer, f.source,
               to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created
          FROM page JOIN firms f ON f.fid = page.fid
         ORDER BY ${order}
      `)
      return rows.map((row) => ({ ...row, fid: Number(row.fid) }))
    },
    (limit) => countUpTo(db, newFirmsMatching(query.since), limit),
    { ...query, countCap: NEW_FIRMS_COUNT_CAP },
  )
}

// ── exceptions ──────────────────────────────────────────────────────────────────────────────────────

/** Booked policies missing a policy number or a bound date: the partial indexes' predicates. */
const EXCEPTION_PREDICATE: Record<ExceptionScope, SQL> = {
  nonum: sql.raw(`p.status = 'Book' AND (p.polnum IS NULL OR btrim(p.polnum) = '')`),
  bound: sql.raw(`p.status = 'Book' AND p.bound IS NULL`),
}

export async function exceptionsCount(db: DbOrTx, scope: ExceptionScope) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM policies p WHERE ${EXCEPTION_PREDICATE[scope]}`,
  )
  return { count: Number(rows[0]?.n ?? 0) }
}

const policyRow = (row: Record<string, unknown>) => ({
  pid: Number(row.pid),
  fid: Number(row.fid),
  firm: row.firm as string,
  insured: row.insured as string | null,
  polnum: row.polnum as string | null,
  status: row.status as string,
  carrier: row.carrier as string | null,
  type: row.type as string | null,
  incept: row.incept as string | null,
  expiry: row.expiry as string | null,
  bound: row.bound as string | null,
  booked: row.booked as string | null,
  premium: moneyOrNull(row.premium),
})

const POLICY_ROW_SQL = sql.raw(`p.pid, p.fid, f.sort AS firm, p.insured, p.polnum, p.status, p.carrier, p.type,
  p.incept::text AS incept, p.expiry::text AS expiry, p.bound::text AS bound, p.booked::text AS booked, p.premium::text AS premium`)

/** A page of policies matching `where`, cut in `order` before each row joins its policy and firm. */
async function policyListPage(
  db: DbOrTx,
  where: SQL,
  sort: SortKey<keyof typeof POLICY_ORDER_COLUMNS>[],
  count: () => Promise<{ count: number }>,
  request: PageRequest,
) {
  const order = orderBy(sort, POLICY_ORDER_COLUMNS, 'p.pid')
  return keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        WITH page AS (
          SELECT p.pid, p.incept FROM policies p WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT ${POLICY_ROW_SQL} FROM page JOIN policies p ON p.pid = page.pid JOIN firms f ON f.fid = p.fid
         ORDER BY ${order}
      `)
      return rows.map(policyRow)
    },
    count,
    request,
  )
}

export function exceptionsPage(
  db: DbOrTx,
  query: { scope: ExceptionScope; sort: SortKey<keyof typeof POLICY_ORDER_COLUMNS>[] } & PageRequest,
) {
  return policyListPage(db, EXCEPTION_PREDICATE[query.scope], query.sort, () => exceptionsCount(db, query.scope), query)
}

// ── past-policies-without-entries ───────────────────────────────────────────────────────────────────

/**
 * Past policies with no ledger entry: `ledger_entries` is kept by the ledger's triggers (migration
 * 0022), so this is the predicate of `policies_past_ledgerless_idx`, not a probe of the ledger per policy.
 */
const PAST_WITHOUT_ENTRIES = sql.raw(`p.status = 'Past' AND p.ledger_entries = 0`)

export async function pastWithoutEntriesCount(db: DbOrTx) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM policies p WHERE ${PAST_WITHOUT_ENTRIES}`,
  )
  return { count: Number(rows[0]?.n ?? 0) }
}

export function pastWithoutEntriesPage(
  db: DbOrTx,
  query: { sort: SortKey<keyof typeof POLICY_ORDER_COLUMNS>[] } & PageRequest,
) {
  return policyListPage(db, PAST_WITHOUT_ENTRIES, query.sort, () => pastWithoutEntriesCount(db), query)
}

// ── ledgers-checks ──────────────────────────────────────────────────────────────────────────────────

const CHECK_FIELD_SQL = {
  lid: 'l.lid',
  pid: 'l.pid',
  fid: 'p.fid',
  cid: 'l.cid',
  contact: 'c.sort',
  type: 'l.type',
  acct: 'l.acct',
  num: 'l.num',
  amt: 'l.amt::text',
  due: 'l.due::text',
  paid: 'l.paid::text',
  dep: 'l.dep::text',
  note: 'l.note',
} as const
export type CheckField = keyof typeof CHECK_FIELD_SQL
const CHECK_ORDER_COLUMNS = {
  lid: 'l.lid',
  pid: 'l.pid',
  type: 'l.type',
  acct: 'l.acct',
  amt: 'l.amt',
  due: 'l.due',
  paid: 'l.paid',
  dep: 'l.dep',
}

/** A check's entries (few: the entries one check paid), counted and summed beside the page. */
export async function checkPage(
  db: DbOrTx,
  query: { check: string; fields: CheckField[]; sort: SortKey<keyof typeof CHECK_ORDER_COLUMNS>[] } & PageRequest,
) {
  const fields = query.fields.length ? query.fields : (Object.keys(CHECK_FIELD_SQL) as CheckField[])
  const select = sql.raw(fields.map((field) => `${CHECK_FIELD_SQL[field]} AS "${field}"`).join(', '))
  const order = orderBy(query.sort, CHECK_ORDER_COLUMNS, 'l.lid')
  let amount = '0.00'
  const list = await pageOf(async ({ limit, offset }) => {
    const { rows } = await db.execute<Record<string, unknown> & { __total: number; __amount: string | null }>(sql`
      SELECT ${select}, ${TOTAL_SQL}, (sum(l.amt) OVER ())::text AS "__amount"
        FROM ledgers l
        JOIN policies p ON p.pid = l.pid
        LEFT JOIN contacts c ON c.cid = l.cid
       WHERE l.num = ${query.check}
       ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
    `)
    if (rows[0]) amount = money(rows[0].__amount)
    return rows.map(({ __amount: _amount, ...row }) => {
      const out: Record<string, unknown> & { __total: number } = { __total: row.__total }
      for (const field of fields) {
        const value = row[field]
        out[field] =
          field === 'lid' || field === 'pid' || field === 'fid'
            ? Number(value)
            : field === 'cid'
              ? value === null
                ? null
                : Number(value)
              : field === 'amt'
                ? money(value)
                : value
      }
      return out
    })
  }, query)
  return { ...list, amount: list.total === 0 ? '0.00' : amount }
}

// ── webin ───────────────────────────────────────────────────────────────────────────────────────────

const WEB_IN = sql.raw(`n.type = 'web in'`)

export async function webInCount(db: DbOrTx, since: string) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM notes n WHERE ${WEB_IN} AND n.dated >= ${since}::date`,
  )
  return { count: Number(rows[0]?.n ?? 0) }
}

export function webInPage(db: DbOrTx, query: { since: string; sort: SortKey<'dated'>[] } & PageRequest) {
  const order = orderBy(query.sort, { dated: 'n.dated' }, 'n.nid')
  return keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<{
        nid: number
        fid: number | null
        firm: string | null
        dated: string
        status: string
        staff: string | null
        re: string | null
      }>(sql`
        WITH page AS (
          SELECT n.nid, n.dated FROM notes n WHERE ${WEB_IN} AND n.dated >= ${query.since}::date
           ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT n.nid, n.fid, f.sort AS firm,
               to_char(n.dated AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS dated,
               n.status, n.staff, n.re
          FROM page JOIN notes n ON n.nid = page.nid LEFT JOIN firms f ON f.fid = n.fid
         ORDER BY ${order}
      `)
      return rows.map((row) => ({ ...row, nid: Number(row.nid), fid: row.fid === null ? null : Number(row.fid) }))
    },
    () => webInCount(db, query.since),
    query,
  )
}

// ── deposit-balances ────────────────────────────────────────────────────────────────────────────────

const DEPOSIT_TRUNC: Record<DepositGroup, { length: number }> = {
  day: { length: 10 },
  month: { length: 7 },
  year: { length: 4 },
}

export interface DepositRow {
  date: string
  entries: number
  amount: string
}

/** Deposits by day, month or year, newest first: from `ledger_deposit_days` (kept by a trigger, migration 0022). */
export async function depositPage(db: DbOrTx, query: { date: DepositGroup } & PageRequest) {
  const length = DEPOSIT_TRUNC[query.date].length
  const key = sql.raw(`left(d.dep::text, ${length})`)
  let totals = { count: 0, entries: 0, amount: '0.00' }
  const list = await keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<{ date: string; entries: number; amount: string }>(sql`
        SELECT ${key} AS date, sum(d.entries)::int AS entries, sum(d.amount)::text AS amount
          FROM ledger_deposit_days d
         GROUP BY 1 ORDER BY 1 DESC LIMIT ${limit} OFFSET ${offset}
      `)
      return rows.map((row): DepositRow => ({
        date: row.date,
        entries: Number(row.entries),
        amount: money(row.amount),
      }))
    },
    async () => {
      const { rows } = await db.execute<{ n: number; entries: number; amount: string | null }>(sql`
        SELECT count(DISTINCT ${key})::int AS n, COALESCE(sum(d.entries), 0)::int AS entries, sum(d.amount)::text AS amount
          FROM ledger_deposit_days d
      `)
      totals = {
        count: Number(rows[0]?.n ?? 0),
        entries: Number(rows[0]?.entries ?? 0),
        amount: money(rows[0]?.amount),
      }
      return totals
    },
    query,
  )
  return { ...list, totals }
}

// ── client-balances ─────────────────────────────────────────────────────────────────────────────────

/**
 * Each firm's open balance, from `client_balances` (kept by triggers on ledgers and on a policy's firm,
 * migration 0022): receivables are its policies' unpaid positive entries (what the client owes),
 * payables their unpaid negative entries without a contact (what the office owes the client), as a
 * positive sum. A few thousand firms have either; the page is sorted and counted over them.
 */
const BALANCE_COLUMNS: Record<BalanceKind, { entries: string; amount: string }> = {
  receivables: { entries: 'b.receivable_entries', amount: 'b.receivables' },
  payables: { entries: 'b.payable_entries', amount: 'b.payables' },
}

export async function clientBalancesPage(
  db: DbOrTx,
  query: {
    balance: BalanceKind
    client?: number
    sort: SortKey<'balance' | 'fid' | 'entries'>[]
  } & PageRequest,
) {
  const columns = BALANCE_COLUMNS[query.balance]
  const client = query.client === undefined ? sql`true` : sql`b.fid = ${query.client}`
  const order = orderBy(query.sort, { balance: columns.amount, fid: 'b.fid', entries: columns.entries }, 'b.fid')
  const outer = orderBy(query.sort, { balance: 'page.balance', fid: 'page.fid', entries: 'page.entries' }, 'page.fid')
  const entries = sql.raw(columns.entries)
  const amount = sql.raw(columns.amount)
  let total = '0.00'
  const list = await pageOf(async ({ limit, offset }) => {
    const { rows } = await db.execute<{
      fid: number
      firm: string
      entries: number
      balance: string
      __total: number
      __amount: string | null
    }>(sql`
      WITH page AS (
        SELECT b.fid, ${entries} AS entries, ${amount} AS balance, ${TOTAL_SQL}, (sum(${amount}) OVER ())::text AS "__amount"
          FROM client_balances b
         WHERE ${entries} > 0 AND ${client}
         ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
      )
      SELECT page.fid, f.sort AS firm, page.entries, page.balance::text AS balance, page."__total", page."__amount"
        FROM page JOIN firms f ON f.fid = page.fid
       ORDER BY ${outer}
    `)
    if (rows[0]) total = money(rows[0].__amount)
    return rows.map(({ __amount: _amount, ...row }) => ({
      ...row,
      fid: Number(row.fid),
      entries: Number(row.entries),
      balance: money(row.balance),
    }))
  }, query)
  return { ...list, amount: list.total === 0 ? '0.00' : total }
}

// ── payments ────────────────────────────────────────────────────────────────────────────────────────

const PAYMENT_PREDICATE: Record<PaymentKind, SQL> = {
  received: sql.raw(`l.amt > 0`),
  disbursed: sql.raw(`l.amt < 0`),
}
const PAYMENT_ORDER_COLUMNS = { paid: 'l.paid', amt: 'l.amt', lid: 'l.lid' }

export async function paymentsPage(
  db: DbOrTx,
  query: {
    payment: PaymentKind
    from: string
    to: string
    sort: SortKey<keyof typeof PAYMENT_ORDER_COLUMNS>[]
  } & PageRequest,
) {
  const where = sql`l.paid BETWEEN ${query.from}::date AND ${query.to}::date AND ${PAYMENT_PREDICATE[query.payment]}`
  const order = orderBy(query.sort, PAYMENT_ORDER_COLUMNS, 'l.lid')
  let totals = { count: 0, amount: '0.00' }
  const list = await keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        WITH page AS (
          SELECT l.lid, l.paid, l.amt FROM ledgers l WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        )
        SELECT l.lid, l.pid, p.fid, l.cid, c.sort AS contact, l.type, l.acct, l.num, l.amt::text AS amt,
               l.paid::text AS paid, l.dep::text AS dep
          FROM page JOIN ledgers l ON l.lid = page.lid JOIN policies p ON p.pid = l.pid
          LEFT JOIN contacts c ON c.cid = l.cid
         ORDER BY ${order}
      `)
      return rows.map((row) => ({
        lid: Number(row.lid),
        pid: Number(row.pid),
        fid: Number(row.fid),
        cid: row.cid === null ? null : Number(row.cid),
        contact: row.contact as string | null,
        type: row.type as string,
        acct: row.acct as string,
        num: row.num as string | null,
        amt: money(row.amt),
        paid: row.paid as string,
        dep: row.dep as string | null,
      }))
    },
    async () => {
      const { rows } = await db.execute<{ n: number; amount: string | null }>(
        sql`SELECT count(*)::int AS n, sum(l.amt)::text AS amount FROM ledgers l WHERE ${where}`,
      )
      totals = { count: Number(rows[0]?.n ?? 0), amount: money(rows[0]?.amount) }
      return totals
    },
    query,
  )
  return { ...list, totals }
}

export type ReportList<Row> = Page<Row>
