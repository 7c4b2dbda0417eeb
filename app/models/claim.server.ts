import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import {
  changeLog,
  claimLedger,
  claims,
  contacts,
  fileLinks,
  fileObjects,
  firms,
  people,
  policies,
} from '#app/db/schema'
import {
  CLAIM_DATE_FIELDS,
  CLAIM_MESSAGES,
  MONEY_FIELDS,
  SEARCH_FIELDS,
  fieldOf,
  isClaimColumn,
  type MoneyField,
} from '#app/domain/claims'
import { InvalidError, StateConflictError } from '#app/domain/errors'
import { sanitizeUserHtml } from '#app/domain/html.server'
import { parseId } from '#app/domain/ids'
import type { ClaimChanges, ClaimFilters, LedgerInput } from '#app/schemas/claims'
import {
  recordHistory,
  type HistoryEntry,
  ConflictError,
  NotFoundError,
  recordChange,
  saveVersion,
} from './change-log.server'
import { BORDEREAU_CLAIMS_VERSION } from './bordereau.server'
import { versionedCache } from './data-version.server'
import { escapeLike } from './search-text.server'
import { cappedPageOf, countUpTo, pageOf, totalColumn } from './paging.server'
import { ownedLinks } from './file.server'

// ── Search ─────────────────────────────────────────────────────────────────────────────────────────

const personName = (plid: AnyColumn) =>
  sql<
    string | null
  >`(SELECT trim(concat_ws(' ', ${people.given}, ${people.surname})) FROM ${people} WHERE ${people.plid} = ${plid})`
const contactName = (cid: AnyColumn) =>
  sql<string | null>`(SELECT ${contacts.name1} FROM ${contacts} WHERE ${contacts.cid} = ${cid})`

/**
 * Each column a search may show, as the SQL that reads it (the only columns a search selects or
 * sorts by): dates and money as text, so the cents and days arrive exactly as stored.
 */
function columnSql(name: string): SQL {
  switch (name) {
    case 'firm_state':
      return sql`${firms.state}`
    case 'firm_sort':
      return sql`${firms.sort}`
    case 'firm_zip':
      return sql`${firms.zip}`
    case 'insured':
      return sql`${policies.insured}`
    case 'stamp':
      return sql`to_char(${claims.stamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    case 'adj_cid':
      return contactName(claims.adj_cid)
    case 'def_cid':
      return contactName(claims.def_cid)
    case 'adj_plid':
      return personName(claims.adj_plid)
    case 'def_plid':
      return personName(claims.def_plid)
  }
  const column = (claims as unknown as Record<string, typeof claims.clid>)[name]
  if (!isClaimColumn(name) || !column) throw new InvalidError(`Unknown claim column ${name}`)
  const kind = fieldOf(name)?.kind
  if (kind === 'date') return sql`${column}::text`
  if (kind === 'money') return sql`${column}::text`
  return sql`${column}`
}

/** What a column sorts by: amounts and dates by their value (their text put $9,617.79 after $95,693.20). */
function sortSql(name: string): SQL {
  const kind = fieldOf(name)?.kind
  const column = (claims as unknown as Record<string, typeof claims.clid>)[name]
  if ((kind === 'money' || kind === 'date') && column && isClaimColumn(name)) return sql`${column}`
  return columnSql(name)
}

/** Whether a search needs the firm or policy row beside each claim. */
const FIRM_COLUMNS = new Set(['firm_state', 'firm_sort', 'firm_zip'])

function filterCondition(key: string, value: string): SQL | undefined {
  const dateRange = /^(.+)_(from|to)$/.exec(key)
  const name = dateRange && fieldOf(dateRange[1])?.kind === 'date' ? dateRange[1] : key
  const field = SEARCH_FIELDS.find((candidate) => candidate.name === name)
  if (!field || value.trim() === '') return undefined
  const column = name === 'firm_state' ? firms.state : (claims as unknown as Record<string, typeof claims.clid>)[name]
  const text = value.trim()
  switch (field.kind) {
    case 'id': {
      const id = parseId(text)
      return id === null ? sql`false` : sql`${column} = ${id}`
    }
    case 'text':
      // ILIKE '%term%' on the column itself, so its trigram index applies.
      return sql`${column} ILIKE ${`%${escapeLike(text)}%`}`
    case 'exact':
    case 'yesno':
      return sql`${column} = ${text}`
    case 'date':
      return dateRange?.[2] === 'to' ? sql`${column} <= ${text}::date` : sql`${column} >= ${text}::date`
    case 'money':
      // An amount typed in the search finds claims with at least that much.
      return sql`${column} >= ${text}::numeric`
  }
}

export interface ClaimSearch {
  filters: ClaimFilters
  columns: readonly string[]
  page: number
  perPage: number
  sortBy?: string
  sortDesc?: boolean
  /** Aggregates of every money field (the API), or only of these (the page shows its chosen money columns'). */
  aggregates?: boolean | readonly MoneyField[]
}

export type ClaimRow = Record<string, string | number | null> & { clid: number }
export type ClaimAggregates = Record<string, string | number>

export interface ClaimPage {
  result: ClaimRow[]
  count: number
  totalPages: number
  /** The page shown (the last one when the request asked past the end). */
  page: number
  aggregates?: ClaimAggregates
  /** More matched than `count` (the count stops at CLAIM_COUNT_CAP past the page). */
  more?: true
}

/** How far past the page a claims count goes: every claim of an office, in practice. */
const CLAIM_COUNT_CAP = 100_000

function whereOf(filters: ClaimFilters): SQL | undefined {
  const conditions = Object.entries(filters)
    .map(([key, value]) => filterCondition(key, value))
    .filter((condition): condition is SQL => condition !== undefined)
  return conditions.length ? and(...conditions) : undefined
}

function fromClause(needsFirm: boolean, needsPolicy: boolean): SQL {
  return sql`${claims}${needsFirm ? sql` JOIN ${firms} ON ${firms.fid} = ${claims.fid}` : sql``}${needsPolicy ? sql` LEFT JOIN ${policies} ON ${policies.pid} = ${claims.pid}` : sql``}`
}

/**
 * The claims search (spec 3 §2.1, §7): every filled filter must match; the page asked for, sorted by
 * a whitelisted column (then the claim id), with the total count beside each row. Aggregates (sum,
 * max, min and count of each money field over every match) are computed in SQL on numeric.
 */
export async function searchClaims(db: DbOrTx, search: ClaimSearch): Promise<ClaimPage> {
  const sortBy = search.sortBy && isClaimColumn(search.sortBy) ? search.sortBy : 'clid'
  // The firm's sort name is the one thing a search may read that the bordereau_claims version does
  // not follow: such a search is read afresh every time.
  const uses = [...search.columns, sortBy, ...Object.keys(search.filters)]
  if (uses.some((name) => UNVERSIONED_COLUMNS.has(name))) return searchClaimsRead(db, search)
  const cache = await claimSearches.open(db)
  const key = JSON.stringify([
    Object.entries(search.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    search.columns,
    search.page,
    search.perPage,
    sortBy,
    !!search.sortDesc,
    search.aggregates ?? null,
  ])
  return cache.get(key, () => searchClaimsRead(db, search))
}

/**
 * Claims searches kept exactly (decision 0038 §12) under the bordereau_claims version (migration
 * 0029), which every write of what a search reads bumps at commit: any claim or policy (the insured),
 * a firm's state or ZIP, a contact's name (adjuster, defense counsel), a person's given name or
 * surname. Not the firm's sort name: searches that show, sort or filter by it are not kept.
 */
const claimSearches = versionedCache(BORDEREAU_CLAIMS_VERSION, 200)
const UNVERSIONED_COLUMNS: ReadonlySet<string> = new Set(['firm_sort'])

/** For tests: forget the kept claims searches. */
export const clearClaimsSearchCache = () => claimSearches.clear()

/** The claims search read from the tables (exported for the cache's test). */
export async function searchClaimsRead(db: DbOrTx, search: ClaimSearch): Promise<ClaimPage> {
  const columns = [...new Set(['clid', ...search.columns.filter(isClaimColumn)])]
  const sortBy = search.sortBy && isClaimColumn(search.sortBy) ? search.sortBy : 'clid'
  const uses = new Set([...columns, sortBy, ...Object.keys(search.filters)])
  const needsFirm = [...uses].some((name) => FIRM_COLUMNS.has(name))
  const needsPolicy = uses.has('insured')
  const where = whereOf(search.filters)
  const from = fromClause(needsFirm, needsPolicy)
  const whereSql = where ? sql` WHERE ${where}` : sql``
  // Nulls sort as the smallest values; the claim id has none, so its order is the primary key's and
  // the default sort walks that index and stops at the page.
  const nulls = sortBy === 'clid' ? sql`` : search.sortDesc ? sql` NULLS LAST` : sql` NULLS FIRST`
  const direction = search.sortDesc ? sql`DESC` : sql`ASC`
  const selection = sql.join(
    columns.map((name) => sql`${columnSql(name)} AS ${sql.identifier(name)}`),
    sql`, `,
  )
  const byId = sql`${claims.clid} ${search.sortDesc ? sql`DESC` : sql`ASC`}`
  // The id never is null: without a NULLS clause its order is the primary key's, walked backwards or forwards.
  const order = sortBy === 'clid' ? byId : sql`${sortSql(sortBy)} ${direction}${nulls}, ${byId}`
  const aggregateFields = search.aggregates === true ? MONEY_FIELDS : search.aggregates || []
  if (aggregateFields.length) {
    // The aggregates read every match anyway: they count them too, and the page, without a count
    // beside each row, walks its order and stops after its rows (issue 11: "Open, FPL, defense
    // reserve ≥ 10,000" at scale 100 read its 4,861 matches twice, once for count(*) OVER ()).
    const aggregated = aggregatesOf(db, from, whereSql, aggregateFields)
    const counted = await pageOf(
      async ({ limit, offset }) => {
        const [rows, { count }] = await Promise.all([
          db.execute<ClaimRow>(
            sql`SELECT ${selection} FROM ${from}${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
          ),
          aggregated,
        ])
        return rows.rows.map((row) => ({ ...row, __total: count }))
      },
      { page: search.page, size: search.perPage },
    )
    return {
      result: counted.rows as ClaimRow[],
      count: counted.total,
      totalPages: counted.pages,
      page: counted.page,
      aggregates: (await aggregated).aggregates,
    }
  }
  // Without aggregates: the page and a count of its own (no count(*) OVER (), which reads and sorts every match).
  const counted = await cappedPageOf(
    async ({ limit, offset }) =>
      (
        await db.execute<ClaimRow>(
          sql`SELECT ${selection} FROM ${from}${whereSql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
        )
      ).rows,
    (limit) => countUpTo(db, (upTo) => sql`SELECT 1 FROM ${from}${whereSql} LIMIT ${upTo}`, limit),
    { page: search.page, size: search.perPage, countCap: CLAIM_COUNT_CAP },
  )
  return {
    result: counted.rows,
    count: counted.total,
    totalPages: counted.pages,
    page: counted.page,
    ...(counted.more ? { more: true as const } : {}),
  }
}

/** sum, max, min and count of the money fields asked for over the matches, as exact numeric text, and the matches' count. */
async function aggregatesOf(
  db: DbOrTx,
  from: SQL,
  whereSql: SQL,
  fields: readonly MoneyField[],
): Promise<{ aggregates: ClaimAggregates; count: number }> {
  const parts = fields.flatMap((name) => {
    const column = claims[name]
    return [
      sql`coalesce(sum(${column}), 0)::text AS ${sql.identifier(`sum${name}`)}`,
      sql`max(${column})::text AS ${sql.identifier(`max${name}`)}`,
      sql`min(${column})::text AS ${sql.identifier(`min${name}`)}`,
      sql`count(${column}) AS ${sql.identifier(`count${name}`)}`,
    ]
  })
  const { rows } = await db.execute<Record<string, string | null>>(
    sql`SELECT ${sql.join(parts, sql`, `)}, count(*)::int AS "__matches" FROM ${from}${whereSql}`,
  )
  const { __matches: matches, ...row } = rows[0] ?? {}
  return {
    aggregates: Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        key.startsWith('count') ? Number(value ?? 0) : (value ?? '0.00'),
      ]),
    ),
    count: Number(matches ?? 0),
  }
}

// ── One claim ──────────────────────────────────────────────────────────────────────────────────────

export type ClaimRecord = typeof claims.$inferSelect

export interface ClaimDetail extends Omit<ClaimRecord, 'stamp' | 'updatedAt'> {
  stamp: string
  firm: { fid: number; sort: string; state: string | null; insured: string }
  policy: {
    pid: number
    polnum: string | null
    insured: string | null
    incept: string | null
    expiry: string | null
  } | null
  names: { adj_cid: string | null; adj_plid: string | null; def_cid: string | null; def_plid: string | null }
}

const sanitized = (claim: ClaimRecord) => ({
  ...claim,
  note: claim.note === null ? null : sanitizeUserHtml(claim.note) || null,
  facts: claim.facts === null ? null : sanitizeUserHtml(claim.facts) || null,
})

/** One claim with its firm, policy and counsel names (GET /api/claims/{id}); null if there is none. */
export async function getClaim(db: DbOrTx, clid: number): Promise<ClaimDetail | null> {
  if (parseId(clid) === null) return null
  const [row] = await db
    .select({
      claim: claims,
      firm: { fid: firms.fid, sort: firms.sort, state: firms.state, insured: firms.insured },
      policy: {
        pid: policies.pid,
        polnum: policies.polnum,
        insured: policies.insured,
        incept: policies.incept,
        expiry: policies.expiry,
      },
      adjName: contactName(claims.adj_cid),
      adjPerson: personName(claims.adj_plid),
      defName: contactName(claims.def_cid),
      defPerson: personName(claims.def_plid),
    })
    .from(claims)
    .innerJoin(firms, eq(firms.fid, claims.fid))
    .leftJoin(policies, eq(policies.pid, claims.pid))
    .where(eq(claims.clid, clid))
  if (!row) return null
  const { stamp, updatedAt: _updatedAt, ...claim } = sanitized(row.claim)
  return {
    ...claim,
    stamp: stamp.toISOString(),
    firm: row.firm,
    policy: row.policy?.pid ? row.policy : null,
    names: { adj_cid: row.adjName, adj_plid: row.adjPerson, def_cid: row.defName, def_plid: row.defPerson },
  }
}

/**
 * Checks the claim as a save leaves it: a policy of the claim's firm, counsel people of their contacts
 * (a person needs the contact, spec 3 §5). `after` is the claim with the save's changes applied.
 */
async function checkReferences(
  tx: DbOrTx,
  after: Pick<ClaimRecord, 'fid' | 'pid' | 'adj_cid' | 'adj_plid' | 'def_cid' | 'def_plid'>,
  currentPid: number | null,
): Promise<void> {
  // A claim keeps the policy it has even if that policy's status moved on (Tail, Lost, …).
  if (after.pid && after.pid !== currentPid) {
    const [policy] = await tx
      .select({ fid: policies.fid, status: policies.status })
      .from(policies)
      .where(eq(policies.pid, after.pid))
    if (!policy || policy.fid !== after.fid || !CLAIM_POLICY_STATUSES.includes(policy.status))
      throw new InvalidError('Pick a policy of this firm (Book, Past or History).', { field: 'pid' })
  }
  for (const [cidField, plidField, needsContact] of [
    ['adj_cid', 'adj_plid', CLAIM_MESSAGES.counselNeedsHandler],
    ['def_cid', 'def_plid', CLAIM_MESSAGES.defenseNeedsFirm],
  ] as const) {
    const cid = after[cidField]
    const plid = after[plidField]
    if (plid && !cid) throw new InvalidError(needsContact, { field: plidField })
    if (cid) {
      const [contact] = await tx.select({ cid: contacts.cid }).from(contacts).where(eq(contacts.cid, cid))
      if (!contact) throw new InvalidError('Pick one from the list', { field: cidField })
    }
    if (plid) {
      const [person] = await tx.select({ cid: people.cid }).from(people).where(eq(people.plid, plid))
      if (!person || person.cid !== cid) throw new InvalidError('Pick one from the list', { field: plidField })
    }
  }
}

/** Spec 3 §2.3: a claim's policy is one of its firm's policies with status Book, Past or History. */
export const CLAIM_POLICY_STATUSES: readonly string[] = ['Book', 'Past', 'History']

/**
 * Saves a claim edited from `version`: the fields in `changes` change, the others keep their values
 * (the editor's form sends them all, the API only what it names). A stale version saves nothing and
 * throws ConflictError with the current claim; the change log keeps the values before and after.
 * Facts and note are sanitised.
 */
export async function updateClaim(
  db: DbOrTx,
  clid: number,
  version: number,
  changes: Partial<ClaimChanges>,
  userId: number | null,
): Promise<ClaimRecord> {
  const record = { table: claims, key: claims.clid, id: clid, version, entity: 'claim', notFound: 'No such claim.' }
  return saveVersion(db, record, {
    userId,
    current: (tx) => getClaim(tx, clid),
    values: async (tx, before) => {
      await checkReferences(tx, { ...before, ...changes }, before.pid)
      const values = { ...changes }
      for (const field of ['facts', 'note'] as const) {
        const text = values[field]
        if (text !== undefined) values[field] = text ? sanitizeUserHtml(text) || null : null
      }
      return values
    },
  })
}

/** A new claim for a firm (the firm's Claims tab, POST /api/claims), carrier and type from its latest booked policy. */
export async function createClaim(db: DbOrTx, fid: number, userId: number | null): Promise<ClaimRecord> {
  return db.transaction(async (tx) => {
    const [firm] = await tx.select({ fid: firms.fid, state: firms.state }).from(firms).where(eq(firms.fid, fid))
    if (!firm) throw new NotFoundError('No such firm.')
    const [policy] = await tx
      .select({ pid: policies.pid, carrier: policies.carrier, type: policies.type })
      .from(policies)
      .where(and(eq(policies.fid, fid), inArray(policies.status, ['Book'])))
      .orderBy(desc(policies.incept))
      .limit(1)
    const [created] = await tx
      .insert(claims)
      .values({
        fid,
        pid: policy?.pid ?? null,
        carrier: policy?.carrier ?? null,
        type: policy?.type ?? null,
        state: firm.state,
        status: 'Open',
        insuit: 'no',
      })
      .returning()
    await recordChange(tx, { userId, entity: 'claim', entityId: created.clid, action: 'create', after: created })
    return created
  })
}

/** Deletes a claim; one with ledger entries is refused (accounting history must not vanish). */
export async function deleteClaim(db: DbOrTx, clid: number, userId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(claims).where(eq(claims.clid, clid)).for('update')
    if (!before) throw new NotFoundError('No such claim.')
    const [entry] = await tx.select({ id: claimLedger.id }).from(claimLedger).where(eq(claimLedger.clid, clid)).limit(1)
    if (entry) throw new StateConflictError('This claim has ledger entries and cannot be deleted.')
    await tx.delete(claims).where(eq(claims.clid, clid))
    await recordChange(tx, { userId, entity: 'claim', entityId: clid, action: 'delete', before })
  })
}

/** GET /api/claims: claims of one firm (or all), newest first, a page at a time. */
export async function listClaims(db: DbOrTx, query: { fid?: number; page: number; perPage: number }) {
  const where = query.fid ? eq(claims.fid, query.fid) : undefined
  const counted = await pageOf(
    ({ limit, offset }) =>
      db
        .select({ ...FIRM_TAB_COLUMNS, __total: totalColumn() })
        .from(claims)
        .where(where)
        .orderBy(desc(claims.clid))
        .limit(limit)
        .offset(offset),
    { page: query.page, size: query.perPage },
  )
  return { result: counted.rows, count: counted.total, totalPages: counted.pages, page: counted.page }
}

// ── Firm Claims tab ────────────────────────────────────────────────────────────────────────────────

const FIRM_TAB_COLUMNS = {
  clid: claims.clid,
  fid: claims.fid,
  claimant: claims.claimant,
  claim: claims.claim,
  type: claims.type,
  status: claims.status,
  monitor: claims.monitor,
  defense: claims.defense,
  damages: claims.damages,
}
export type FirmClaimRow = { [K in keyof typeof FIRM_TAB_COLUMNS]: (typeof claims.$inferSelect)[K] }

/** A firm's claims for its Claims tab, newest claim date first (a firm has tens, never thousands). */
export async function firmClaims(
  db: DbOrTx,
  fid: number,
  options: { page: number; perPage: number },
): Promise<{ result: FirmClaimRow[]; count: number; page: number }> {
  const counted = await pageOf(
    ({ limit, offset }) =>
      db
        .select({ ...FIRM_TAB_COLUMNS, __total: totalColumn() })
        .from(claims)
        .where(eq(claims.fid, fid))
        .orderBy(sql`${claims.claim} DESC NULLS FIRST`, desc(claims.clid))
        .limit(limit)
        .offset(offset),
    { page: options.page, size: options.perPage },
  )
  return { result: counted.rows, count: counted.total, page: counted.page }
}

export interface FirmClaimTotals {
  /** One row per claim year (a claim with no claim date counts as today), newest first. */
  years: { year: number; claims: number; monitor: string; defense: string; damages: string; total: string }[]
  total: {
    claims: number
    monitor: string
    defense: string
    damages: string
    total: string
    first: string | null
    last: string | null
  }
}

/**
 * GET /api/firms/totals/{id}: the firm's claim totals (incurred monitor, defense and damages) by
 * claim year and overall, summed in SQL on numeric; a claim with no claim date counts as today.
 */
export async function firmClaimTotals(db: DbOrTx, fid: number): Promise<FirmClaimTotals> {
  const claimDate = sql`coalesce(${claims.claim}, current_date)`
  const sums = sql`count(*)::int AS claims, coalesce(sum(${claims.monitor}), 0)::text AS monitor, coalesce(sum(${claims.defense}), 0)::text AS defense,
    coalesce(sum(${claims.damages}), 0)::text AS damages, coalesce(sum(${claims.monitor} + ${claims.defense} + ${claims.damages}), 0)::text AS total`
  const [years, overall] = await Promise.all([
    db.execute<FirmClaimTotals['years'][number]>(
      sql`SELECT extract(year FROM ${claimDate})::int AS year, ${sums} FROM ${claims} WHERE ${claims.fid} = ${fid} GROUP BY 1 ORDER BY 1 DESC`,
    ),
    db.execute<FirmClaimTotals['total']>(
      sql`SELECT ${sums}, min(${claimDate})::text AS first, max(${claimDate})::text AS last FROM ${claims} WHERE ${claims.fid} = ${fid}`,
    ),
  ])
  return { years: years.rows, total: overall.rows[0] }
}

// ── Editor's lists ─────────────────────────────────────────────────────────────────────────────────

/** The policies a claim may name: its firm's with status Book, Past or History (spec 3 §2.3), and the one it names now. */
export async function claimPolicyChoices(db: DbOrTx, fid: number, currentPid: number | null = null) {
  return db
    .select({
      pid: policies.pid,
      polnum: policies.polnum,
      status: policies.status,
      carrier: policies.carrier,
      type: policies.type,
      incept: policies.incept,
      expiry: policies.expiry,
    })
    .from(policies)
    .where(
      and(
        eq(policies.fid, fid),
        or(
          inArray(policies.status, [...CLAIM_POLICY_STATUSES] as ('Book' | 'Past' | 'History')[]),
          currentPid ? eq(policies.pid, currentPid) : undefined,
        ),
      ),
    )
    .orderBy(desc(policies.incept))
    .limit(200)
}

/** A claim's files (loidfid, filename), Admin files only for the admin group. */
export async function claimFiles(db: DbOrTx, clid: number, options: { isAdmin: boolean }) {
  return ownedLinks(
    db
      .select({
        loidfid: fileLinks.loidfid,
        filename: fileObjects.filename,
        file_description: fileLinks.file_description,
        file_type: fileLinks.file_type,
        size: fileObjects.size,
      })
      .from(fileLinks)
      .$dynamic(),
    eq(fileLinks.clid, clid),
    options,
  )
}

// ── Ledger ─────────────────────────────────────────────────────────────────────────────────────────

export type LedgerEntry = Omit<typeof claimLedger.$inferSelect, 'createdAt' | 'updatedAt'> & { payee: string | null }

const ledgerColumns = {
  id: claimLedger.id,
  clid: claimLedger.clid,
  type: claimLedger.type,
  acct: claimLedger.acct,
  cid: claimLedger.cid,
  num: claimLedger.num,
  amt: claimLedger.amt,
  dated: claimLedger.dated,
  note: claimLedger.note,
  createdBy: claimLedger.createdBy,
  version: claimLedger.version,
  payee: contacts.name1,
}

/** A claim's ledger, oldest first (a claim has a handful of entries). */
export async function claimLedgerEntries(db: DbOrTx, clid: number): Promise<LedgerEntry[]> {
  return db
    .select(ledgerColumns)
    .from(claimLedger)
    .leftJoin(contacts, eq(contacts.cid, claimLedger.cid))
    .where(eq(claimLedger.clid, clid))
    .orderBy(asc(claimLedger.dated), asc(claimLedger.id))
    .limit(1000)
}

const ledgerLogId = (clid: number, id: number) => `${clid}:${id}`

/** Whether a claim is there (a primary-key probe, for the 404 a page answers before its rights). */
export async function claimIsThere(db: DbOrTx, clid: number): Promise<boolean> {
  const [claim] = await db.select({ clid: claims.clid }).from(claims).where(eq(claims.clid, clid))
  return claim !== undefined
}

async function requireClaim(tx: DbOrTx, clid: number) {
  const [claim] = await tx.select({ clid: claims.clid }).from(claims).where(eq(claims.clid, clid)).for('update')
  if (!claim) throw new NotFoundError('No such claim.')
}

export async function createLedgerEntry(
  db: DbOrTx,
  clid: number,
  input: LedgerInput,
  user: { id: number; username: string },
) {
  return db.transaction(async (tx) => {
    await requireClaim(tx, clid)
    const [created] = await tx
      .insert(claimLedger)
      .values({ ...input, clid, createdBy: user.username })
      .returning()
    await recordChange(tx, {
      userId: user.id,
      entity: 'claim_ledger',
      entityId: ledgerLogId(clid, created.id),
      action: 'create',
      after: created,
    })
    return created
  })
}

/** A claim's ledger entry locked for update; one that is missing (or another claim's) is refused. */
async function lockLedgerEntry(tx: DbOrTx, clid: number, id: number) {
  const [entry] = await tx
    .select()
    .from(claimLedger)
    .where(and(eq(claimLedger.id, id), eq(claimLedger.clid, clid)))
    .for('update')
  if (!entry) throw new NotFoundError('No such ledger entry.')
  return entry
}

export async function updateLedgerEntry(
  db: DbOrTx,
  clid: number,
  id: number,
  version: number,
  input: LedgerInput,
  userId: number,
) {
  return db.transaction(async (tx) => {
    const before = await lockLedgerEntry(tx, clid, id)
    if (before.version !== version) throw new ConflictError(before)
    const [after] = await tx
      .update(claimLedger)
      .set({ ...input, version: sql`${claimLedger.version} + 1` })
      .where(eq(claimLedger.id, id))
      .returning()
    await recordChange(tx, {
      userId,
      entity: 'claim_ledger',
      entityId: ledgerLogId(clid, id),
      action: 'update',
      before,
      after,
    })
    return after
  })
}

export async function deleteLedgerEntry(db: DbOrTx, clid: number, id: number, userId: number) {
  await db.transaction(async (tx) => {
    const before = await lockLedgerEntry(tx, clid, id)
    await tx.delete(claimLedger).where(eq(claimLedger.id, id))
    await recordChange(tx, {
      userId,
      entity: 'claim_ledger',
      entityId: ledgerLogId(clid, id),
      action: 'delete',
      before,
    })
  })
}

// ── Change log ─────────────────────────────────────────────────────────────────────────────────────

export type ClaimLogEntry = HistoryEntry & { entity: 'claim' | 'claim_ledger' }

/** GET /api/claims/{id}/logs: who changed what on the claim and its ledger, newest first. */
export async function claimLogs(db: DbOrTx, clid: number, limit = 200): Promise<ClaimLogEntry[]> {
  const where = sql`(${changeLog.entity} = 'claim' AND ${changeLog.entityId} = ${String(clid)}) OR (${changeLog.entity} = 'claim_ledger' AND ${changeLog.entityId} LIKE ${`${clid}:%`})`
  return (await recordHistory(db, { where }, limit)) as ClaimLogEntry[]
}

export { CLAIM_DATE_FIELDS, MONEY_FIELDS, type MoneyField }
