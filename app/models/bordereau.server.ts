import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import type { BordereauClaimRow, BordereauPolicyRow } from '#app/domain/bordereau'
import { monthRange, REPORT_FIRST_YEAR } from '#app/domain/reports'
import { pad2 } from '#app/domain/dates'
import { NotFoundError } from '#app/domain/errors'
import { findContract, type ContractRecord } from './contract.server'
import { versionedCache } from './data-version.server'
import { pageOf, type PageWindow } from './paging.server'

/**
 * The bordereaux (spec 3 §2.8, §3, §7; decision 0034): a contract's policies by the month they were
 * booked (their period), or its claims, one page at a time for the screen and the API, and every row
 * in keyset batches for the downloads (constant memory whatever the contract's size).
 *
 * Where each column comes from is decision 0034: the policy's own fields, its firm, its prior policy,
 * its program's producer, the contract's settings, and a few rules (currency, commissions).
 */

export interface BordereauPeriodRequest {
  contract: number
  /** 1–12, or 'all'; for claims it is not used. */
  month: number | 'all'
  year: number | null
}

export interface PolicyTotals {
  policies: number
  /** Gross premium. */
  totalgross: string
  /** Retained by the provider: the commissions. */
  totaldominion: string
  /** Remitted to the carrier: gross less the commissions. */
  totalmiller: string
}

/** The contract's periods ('YYYY-MM') a request covers; null for every period (all months, no year). */
export function periodsOf(request: BordereauPeriodRequest, contract: ContractRecord, today: string): string[] | null {
  const { month, year } = request
  if (month === 'all' && year === null) return null
  if (month === 'all') return Array.from({ length: 12 }, (_, index) => `${year}-${pad2(index + 1)}`)
  if (year !== null) return [`${year}-${pad2(month)}`]
  // A month without a year: that month in each year of the contract's term (2005 to next year without one).
  const first = contract.start_date ? Number(contract.start_date.slice(0, 4)) : REPORT_FIRST_YEAR
  const last = contract.end_date ? Number(contract.end_date.slice(0, 4)) : Number(today.slice(0, 4)) + 1
  return Array.from({ length: last - first + 1 }, (_, index) => `${first + index}-${pad2(month)}`)
}

/** The reporting period's first and last day (the Lloyd's layout's heading), or nulls for several years. */
export function reportingPeriod(request: BordereauPeriodRequest): { start: string | null; end: string | null } {
  if (request.year === null) return { start: null, end: null }
  if (request.month === 'all') return { start: `${request.year}-01-01`, end: `${request.year}-12-31` }
  const range = monthRange(request.year, request.month)
  return { start: range.from, end: range.to }
}

async function contractOrRefuse(db: DbOrTx, id: number): Promise<ContractRecord> {
  const contract = await findContract(db, id)
  if (!contract) throw new NotFoundError('No such contract.')
  return contract
}

const periodCondition = (periods: string[] | null, column: SQL) =>
  periods === null
    ? sql`TRUE`
    : sql`${column} IN (${sql.join(
        periods.map((period) => sql`${period}`),
        sql`, `,
      )})`

// The policy row's columns (decision 0034). Money and dates as text, as the API sends them. The policy
// type's name is a scalar subquery, not a join (decision 0041): eight relations made the planner search
// every join order (3–20 ms on this machine, each batch), seven plan in about 1.5 ms.
const retained = sql`bordereau_retained(p.premium, p.mgacom, p.procom, p.subcom, p.spncom)`
const policyColumns = (large: boolean) => sql`
  ct.contract AS uniquemarketnum,
  ct.section AS sectionnum,
  p.polnum,
  p.insured,
  COALESCE(p.zip, f.zip) AS zip,
  f.state,
  p.type,
  p.sales::text AS revenue,
  p.incept::text AS incept,
  p.expiry::text AS expiry,
  'USD' AS transactioncurrency,
  COALESCE(p.premium, 0)::text AS gross,
  p.total::text AS totalpremium,
  ${retained}::text AS totalcommission,
  round((COALESCE(p.mgacom, 0) + COALESCE(p.procom, 0) + COALESCE(p.subcom, 0) + COALESCE(p.spncom, 0)) * 100, 4)::text AS commission,
  round(COALESCE(p.premium, 0) * COALESCE(p.mgacom, 0), 2)::text AS millercommission,
  (COALESCE(p.premium, 0) - ${retained})::text AS miller,
  'USD' AS suminsuredcurrency,
  NULLIF(regexp_replace(split_part(p.limits, '/', 1), '[^0-9.]', '', 'g'), '') AS claimlimit,
  NULLIF(regexp_replace(COALESCE(NULLIF(split_part(p.limits, '/', 2), ''), split_part(p.limits, '/', 1)), '[^0-9.]', '', 'g'), '') AS aggregatelimit,
  'USD' AS deductiblecurrency,
  NULLIF(regexp_replace(p.deduc, '[^0-9.]', '', 'g'), '') AS deduc,
  p.retro::text AS retro,
  prior.premium::text AS exprem,
  prior.sales::text AS exsales,
  COALESCE((SELECT ptype.long FROM list_items ptype WHERE ptype.type = 'ptype' AND ptype.short = p.type), p.type) AS usclassification,
  CASE WHEN prog.tax_type = 'SL' THEN f.state END AS filerstate,
  CASE WHEN prog.tax_type = 'SL' THEN producer.name1 END AS filername,
  NULL::text AS filernumber,
  f.fein AS finnum,
  NULLIF(concat_ws(', ', producer.address1, producer.address2, producer.city), '') AS brokeraddress,
  producer.state AS brokerstate,
  producer.zip AS brokerzip,
  ct.naic_code AS naicode,
  p.cancellationcode AS cancat,
  p.issued::text AS issue,
  ${large ? sql`p.forms` : sql`NULL::text`} AS forms`

/** A bordereau row's contract and firm (`row`: the policy or the claim), then the row's own joins. */
const contractJoins = (row: 'p' | 'c', joins: SQL) =>
  sql`JOIN contracts ct ON ct.id = ${sql.raw(row)}.contract JOIN firms f ON f.fid = ${sql.raw(row)}.fid ${joins}`

const policyJoins = contractJoins(
  'p',
  sql`
  LEFT JOIN policies prior ON prior.pid = p.ppid
  LEFT JOIN programs prog ON prog.prid = p.prid
  LEFT JOIN contacts producer ON producer.cid = prog.proid`,
)

/** The policies bordereau's totals, from the per-period totals the policies' trigger keeps. */
async function policyTotals(db: DbOrTx, contract: number, periods: string[] | null): Promise<PolicyTotals> {
  const { rows } = await db.execute<{ policies: number; gross: string; retained: string; remitted: string }>(sql`
    SELECT COALESCE(sum(policies), 0)::int AS policies, COALESCE(sum(gross), 0)::text AS gross,
           COALESCE(sum(retained), 0)::text AS retained, COALESCE(sum(remitted), 0)::text AS remitted
      FROM bordereau_periods
     WHERE contract = ${contract} AND ${periodCondition(periods, sql`period`)}`)
  const row = rows[0]!
  return {
    policies: Number(row.policies),
    totalgross: row.gross,
    totaldominion: row.retained,
    totalmiller: row.remitted,
  }
}

/** A page of a contract's bordereau: its rows and the count of all of them. */
export interface BordereauPage<Row> {
  contract: ContractRecord
  rows: Row[]
  count: number
  page: number
  pages: number
}

export interface PolicyBordereauPage extends BordereauPage<BordereauPolicyRow> {
  totals: PolicyTotals
}

/**
 * A page of a bordereau's `count` rows, counted before (the policies' totals, the contract's claims):
 * `select(window, total)` picks the page's rows in the bordereau's order, each with `total`, that count
 * as `__total`, so no page query counts again.
 */
async function bordereauPage<Row>(
  db: DbOrTx,
  contract: ContractRecord,
  count: number,
  request: { page: number; perPage: number },
  select: (window: PageWindow, total: SQL) => SQL,
): Promise<BordereauPage<Row>> {
  const page = await pageOf(
    async (window) => {
      if (count === 0) return []
      const { rows } = await db.execute<Row & { __total: number }>(select(window, sql`${count}::int AS "__total"`))
      return rows
    },
    { page: request.page, size: request.perPage },
  )
  // pageOf took `__total` off: the rows are the Row asked for (TypeScript cannot see it through the generic).
  return { contract, rows: page.rows as Row[], count: page.total, page: page.page, pages: page.pages }
}

/**
 * The `data_versions` row bumped by every change of what a policies bordereau row is made of: policies,
 * their contracts, programs and producers, the policy types' names, and the firms' ZIP, state and FEIN
 * (migration 0028, decision 0041).
 */
export const BORDEREAU_POLICIES_VERSION = 'bordereau_policies'
const policyPages = versionedCache(BORDEREAU_POLICIES_VERSION, 200)

/** For tests: forget the cached policies bordereau pages. */
export const clearPolicyBordereauCache = () => policyPages.clear()

export type PolicyBordereauPageRequest = BordereauPeriodRequest & {
  large: boolean
  page: number
  perPage: number
  today: string
}

/**
 * A page of a contract's policies bordereau (by period, then policy id) with the totals of all of it,
 * kept exactly under the bordereau_policies version: the same page asked again (the screen, its
 * `.data`, the API, the download's totals) reads one indexed row until a policy or what its row shows
 * changes.
 */
export async function policyBordereauPage(
  db: DbOrTx,
  request: PolicyBordereauPageRequest,
): Promise<PolicyBordereauPage> {
  const cache = await policyPages.open(db)
  // `today` decides the periods of a month without a year only.
  const key = JSON.stringify([
    request.contract,
    request.month,
    request.year,
    request.year === null && request.month !== 'all' ? request.today : null,
    request.large,
    request.page,
    request.perPage,
  ])
  return cache.get(key, () => policyBordereauPageRead(db, request))
}

async function policyBordereauPageRead(db: DbOrTx, request: PolicyBordereauPageRequest): Promise<PolicyBordereauPage> {
  const contract = await contractOrRefuse(db, request.contract)
  const periods = periodsOf(request, contract, request.today)
  const totals = await policyTotals(db, contract.id, periods)
  const page = await bordereauPage<BordereauPolicyRow>(
    db,
    contract,
    totals.policies,
    request,
    ({ limit, offset }, total) => sql`
      SELECT ${policyColumns(request.large)}, ${total}
        FROM (SELECT pid, period FROM policies
               WHERE contract = ${contract.id} AND ${periodCondition(periods, sql`period`)}
               ORDER BY period, pid LIMIT ${limit} OFFSET ${offset}) page
        JOIN policies p ON p.pid = page.pid
        ${policyJoins}
       ORDER BY page.period, page.pid`,
  )
  return { ...page, totals }
}

// 500 rows a statement: each batch is planned again (about 2 ms for the row's eight joins), so 250 spent
// a third of the download's database time planning; 500 rows run in about 7 ms at scale 100 (decision 0040).
const BATCH = 500

/**
 * Every row of a contract's policies bordereau, in the page's order, read in keyset batches of 500
 * (each its own short query: no cursor held open while a slow client downloads).
 */
export async function* policyBordereauRows(
  db: DbOrTx,
  request: BordereauPeriodRequest & { large: boolean; today: string },
): AsyncGenerator<BordereauPolicyRow> {
  const contract = await contractOrRefuse(db, request.contract)
  const periods = periodsOf(request, contract, request.today)
  // The page's order: by period, then policy id, the policies without a period last (NULLS LAST).
  let after: { period: string; pid: number } | null = null
  for (;;) {
    const rows = await policyBatch(
      db,
      request.large,
      sql`
      contract = ${contract.id} AND ${periods === null ? sql`period IS NOT NULL` : periodCondition(periods, sql`period`)}
      ${after ? sql`AND (period, pid) > (${after.period}, ${after.pid})` : sql``}`,
    )
    // The keyset columns stay on the row (the download reads its columns by name): copying each row
    // without them cost more than the CSV of it.
    yield* rows
    if (rows.length < BATCH) break
    const last = rows[rows.length - 1]!
    after = { period: last.__period!, pid: Number(last.__pid) }
  }
  if (periods !== null) return
  let afterPid = 0
  for (;;) {
    const rows = await policyBatch(
      db,
      request.large,
      sql`contract = ${contract.id} AND period IS NULL AND pid > ${afterPid}`,
    )
    yield* rows
    if (rows.length < BATCH) return
    afterPid = Number(rows[rows.length - 1]!.__pid)
  }
}

async function policyBatch(db: DbOrTx, large: boolean, where: SQL) {
  const { rows } = await db.execute<BordereauPolicyRow & { __period: string | null; __pid: number }>(sql`
    SELECT ${policyColumns(large)}, page.period AS "__period", page.pid AS "__pid"
      FROM (SELECT pid, period FROM policies WHERE ${where} ORDER BY period, pid LIMIT ${BATCH}) page
      JOIN policies p ON p.pid = page.pid
      ${policyJoins}
     ORDER BY page.period, page.pid`)
  return rows
}

// The claim row's columns (decision 0034): indemnity is damages, fkb is monitoring. The counsel's names
// are scalar subqueries, not joins (decision 0041): with eight joins the planner searched every join
// order of nine relations, 10–40 ms on this machine for a 3 ms page; five plan in about 1 ms.
const personName = (plid: string) =>
  sql.raw(
    `(SELECT NULLIF(concat_ws(' ', person.given, person.surname), '') FROM people person WHERE person.plid = ${plid})`,
  )
const remaining = (reserve: string, incurred: string, current: string) =>
  sql.raw(`(c.${reserve} - c.${incurred} - c.${current})`)
const claimColumns = (large: boolean) => sql`
  c.clid::text AS fkb_file_no,
  p.polnum AS policy_no,
  p.incept::text AS incept,
  p.expiry::text AS expiry,
  p.limits,
  ct.risk_code,
  c.clm_num AS uwrs_ref_no,
  c.state AS occurance_state,
  COALESCE(p.insured, f.insured) AS assured,
  c.claimant,
  f.address1, f.address2, f.city, f.state, f.zip,
  c.error::text AS date_of_loss,
  c.clm_ack::text AS claim_acknowledgement_date,
  c.report::text AS date_of_notification,
  c.first_rep::text AS date_of_initial_report,
  c.first_rep::text AS date_reserve_established,
  NULLIF(concat_ws(', ', ${personName('c.adj_plid')}, (SELECT adj.name1 FROM contacts adj WHERE adj.cid = c.adj_cid)), '') AS supervising_attorney,
  ${personName('c.def_plid')} AS assigned_attorney,
  c.last_rep::text AS date_of_last_report,
  c.status AS denial,
  c.deductible::text AS retention_deductible,
  c.paid_ded::text AS deductible_paid,
  (c.deductible - c.paid_ded)::text AS balance,
  c.reserve::text AS indemnity,
  c.res_def::text AS defense,
  c.res_mon::text AS fkb,
  (c.reserve + c.res_def + c.res_mon)::text AS total_reserves,
  ${remaining('reserve', 'damages', 'cur_dam')}::text AS remaining_indemnity,
  ${remaining('res_def', 'defense', 'cur_def')}::text AS remaining_defense,
  ${remaining('res_mon', 'monitor', 'cur_mon')}::text AS remaining_fkb,
  (${remaining('reserve', 'damages', 'cur_dam')} + ${remaining('res_def', 'defense', 'cur_def')} + ${remaining('res_mon', 'monitor', 'cur_mon')})::text AS total_remaining_reserves,
  c.damages::text AS paid_indemnity,
  c.cur_dam::text AS current_indemnity,
  (c.damages + c.cur_dam)::text AS total_indemnity,
  c.defense::text AS paid_defense,
  c.cur_def::text AS current_defense,
  (c.defense + c.cur_def)::text AS total_defense,
  c.monitor::text AS paid_fkb,
  c.cur_mon::text AS current_fkb,
  (c.monitor + c.cur_mon)::text AS total_fkb,
  (c.damages + c.defense + c.monitor)::text AS total_paid,
  (c.cur_dam + c.cur_def + c.cur_mon)::text AS total_current,
  (c.defense + c.cur_def + c.monitor + c.cur_mon)::text AS total_expenses,
  (c.damages + c.defense + c.monitor + c.cur_dam + c.cur_def + c.cur_mon)::text AS total_incurred,
  (SELECT def.name1 FROM contacts def WHERE def.cid = c.def_cid) AS defense_counsel,
  ${large ? sql`c.facts` : sql`NULL::text`} AS summary_of_claim,
  ${large ? sql`c.note` : sql`NULL::text`} AS status,
  ${large ? sql`p.forms` : sql`NULL::text`} AS forms`

const claimJoins = contractJoins(
  'c',
  sql`
  LEFT JOIN policies p ON p.pid = c.pid`,
)

export type ClaimBordereauPage = BordereauPage<BordereauClaimRow>

/**
 * The `data_versions` row bumped by every change of what a claims bordereau row is made of: claims,
 * their policies and contracts, the firms' names and addresses, the counsel's names (migration 0029).
 */
export const BORDEREAU_CLAIMS_VERSION = 'bordereau_claims'
const claimPages = versionedCache(BORDEREAU_CLAIMS_VERSION, 200)

/** For tests: forget the cached claims bordereau pages. */
export const clearClaimBordereauCache = () => claimPages.clear()

type ClaimBordereauPageRequest = { contract: number; large: boolean; page: number; perPage: number }

/**
 * A page of a contract's claims bordereau (the claims of its policies), by claim id, kept exactly under
 * the bordereau_claims version (decision 0041).
 */
export async function claimBordereauPage(db: DbOrTx, request: ClaimBordereauPageRequest): Promise<ClaimBordereauPage> {
  const cache = await claimPages.open(db)
  const key = JSON.stringify([request.contract, request.large, request.page, request.perPage])
  return cache.get(key, () => claimBordereauPageRead(db, request))
}

async function claimBordereauPageRead(db: DbOrTx, request: ClaimBordereauPageRequest): Promise<ClaimBordereauPage> {
  const contract = await contractOrRefuse(db, request.contract)
  const { rows: counted } = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM claims WHERE contract = ${contract.id}`,
  )
  const count = Number(counted[0]?.count ?? 0)
  return bordereauPage<BordereauClaimRow>(
    db,
    contract,
    count,
    request,
    ({ limit, offset }, total) => sql`
      SELECT ${claimColumns(request.large)}, ${total}
        FROM (SELECT clid FROM claims WHERE contract = ${contract.id} ORDER BY clid LIMIT ${limit} OFFSET ${offset}) page
        JOIN claims c ON c.clid = page.clid
        ${claimJoins}
       ORDER BY c.clid`,
  )
}

/** Every row of a contract's claims bordereau, by claim id, in keyset batches of 500. */
export async function* claimBordereauRows(
  db: DbOrTx,
  request: { contract: number; large: boolean },
): AsyncGenerator<BordereauClaimRow> {
  const contract = await contractOrRefuse(db, request.contract)
  let after = 0
  for (;;) {
    const { rows } = await db.execute<BordereauClaimRow>(sql`
      SELECT ${claimColumns(request.large)}
        FROM (SELECT clid FROM claims WHERE contract = ${contract.id} AND clid > ${after} ORDER BY clid LIMIT ${BATCH}) page
        JOIN claims c ON c.clid = page.clid
        ${claimJoins}
       ORDER BY c.clid`)
    for (const row of rows) yield row
    if (rows.length < BATCH) return
    after = Number(rows[rows.length - 1]!.fkb_file_no)
  }
}

/** The contract of a bordereau, for a download's heading (refused when unknown). */
export const bordereauContract = contractOrRefuse
