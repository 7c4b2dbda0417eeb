import { notFoundMessage, isRecordId, parseId } from '#app/domain/ids'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { containsWord, escapeLike, estimatedMatches } from './search-text.server'
import type { DbOrTx } from '#app/db/client.server'
import { firms } from '#app/db/schema'
import {
  DIGIT_FILTERS,
  EXACT_FILTERS,
  FIRM_LIMIT,
  UNISEARCH_COLUMNS,
  type FirmColumn,
  type FirmFilterField,
} from '#app/domain/firm-search'
import { sanitizeUserHtml } from '#app/domain/html.server'
import { digitsOnly } from '#app/domain/masks'
import { NotFoundError, saveVersion } from './change-log.server'
import { cappedCountedPageOf, firstOf } from './paging.server'

export type FirmRow = Partial<Record<FirmColumn, string | number | null>> & { fid: number }

export interface FirmPage {
  result: FirmRow[]
  count: number
  totalpages: number
  /** The page shown: the one asked for, or the last one when that was past the end. */
  page: number
  /** A non-admin search that reached the firm limit: rows are withheld (column search) or capped. */
  overLimit: boolean
  /** More matches than `count` (admins: counting stops COUNT_CAP past the page). */
  countCapped?: boolean
}

export interface FirmSearch {
  filters: Partial<Record<FirmFilterField | 'fid', string | number>>
  columns: readonly FirmColumn[]
  page: number
  perPage: number
  sortBy?: FirmColumn
  sortDesc?: boolean
  /** Admins (and `getall`) are not held to the 100-firm limit. */
  unlimited: boolean
}

const column = (name: FirmColumn) => firms[name]

function filterCondition(name: FirmFilterField | 'fid', raw: string | number): SQL | undefined {
  if (name === 'fid') {
    const fid = parseId(typeof raw === 'string' ? raw.trim() : raw)
    return fid !== null ? eq(firms.fid, fid) : sql`false`
  }
  const value = String(raw).replaceAll('\u0000', '').trim()
  if (value === '') return undefined
  if (EXACT_FILTERS.has(name)) return sql`lower(${column(name)}) = lower(${value})`
  if (DIGIT_FILTERS.has(name)) {
    const digits = digitsOnly(value)
    return digits ? ilike(column(name), `%${digits}%`) : sql`false`
  }
  // ILIKE '%term%' on the column itself, so its trigram index applies.
  return ilike(column(name), `%${escapeLike(value)}%`)
}

/**
 * Admins see an exact count up to this many matches past the page (then "N+"): counting every match
 * of a common term (17,883 firms for "law" at scale 100) would cost more than the whole page.
 */
export const COUNT_CAP = 1000

/**
 * The text unisearch looks in: sort, name1, name2, insured and contact joined by a separator no one
 * types (so a term never matches across two fields). `firms_unisearch_trgm` (migration 0004) and
 * `firms_unisearch_bigrams` (0010) index exactly this expression, so one lookup replaces five ILIKEs.
 */
export const FIRM_SEARCH_TEXT = sql`(coalesce(${firms.sort}, '') || chr(31) || coalesce(${firms.name1}, '') || chr(31) || coalesce(${firms.name2}, '') || chr(31) || coalesce(${firms.insured}, '') || chr(31) || coalesce(${firms.contact}, ''))`

/**
 * Below this many matches (estimated from a sample: sampledMatches) a search sorted by sort name reads its
 * matches through the trigram indexes and sorts them, instead of walking `firms_sort_idx` until it has
 * a page. The planner prices that walk as if matches were spread evenly over the sort order; a
 * surname is not ("smith": 5,660 of 600,000 firms at scale 1000, 88–104 ms walking 25,000 firms, 13–36
 * ms sorted), and at a million firms it chose the walk for every surname. Walking pays from about
 * 10,000 matches ("realty", 14,957: 10 ms; "law", 180,107: 2 ms). docs/decisions/0010, "Scale 1000".
 */
export const WALK_SORT_INDEX_FROM = 10_000

/** The firms of a search in the chosen order; a non-admin's search stops at the firm limit. */
async function firmPage(db: DbOrTx, where: SQL | undefined, search: Omit<FirmSearch, 'filters'>): Promise<FirmPage> {
  const columns = [...new Set<FirmColumn>(['fid', ...search.columns])]
  const selection = Object.fromEntries(columns.map((name) => [name, column(name)])) as Record<
    string,
    (typeof firms)[FirmColumn]
  >
  const sortBy = search.sortBy ?? 'sort'
  const direction = search.sortDesc ? desc : asc
  // A few matches are sorted, not found by walking the sort index: `|| ''` keeps the order (text) and
  // hides the index from the planner, as people search does.
  // The sample only chooses the plan (it is an estimate: never shown as a count), so only a search by sort name takes one.
  const estimate =
    where !== undefined && sortBy === 'sort' ? await estimatedMatches(db, firms, where) : Number.POSITIVE_INFINITY
  const fewMatches = estimate < WALK_SORT_INDEX_FROM
  const order = [direction(fewMatches ? sql`${firms.sort} || ''` : column(sortBy)), asc(firms.fid)]
  const query = () =>
    db
      .select(selection)
      .from(firms)
      .where(where)
      .orderBy(...order)
  const request = { page: search.page, size: search.perPage }
  if (!search.unlimited) {
    // Non-admins see at most FIRM_LIMIT firms ("100 or more"): PostgreSQL stops there (walking the
    // sort index for a common term) and the pages are cut from them; no count of every match.
    const first = await firstOf(({ limit, offset }) => query().limit(limit).offset(offset), {
      ...request,
      cap: FIRM_LIMIT,
    })
    return {
      result: first.rows as FirmRow[],
      count: first.total,
      totalpages: first.pages,
      page: first.page,
      overLimit: first.capped,
    }
  }
  // The count stops past the cap ("N+"): a real count, not the sample's estimate, which reads the same
  // blocks every time and could promise pages that do not exist. It is read beside the page, in its statement.
  const page = await cappedCountedPageOf(
    ({ limit, offset }, countLimit) => {
      const matches = db
        .select({ one: sql`1` })
        .from(firms)
        .where(where)
        .limit(countLimit)
      return db
        .select({ ...selection, __total: sql<number>`(SELECT count(*)::int FROM (${matches}) AS matches)` })
        .from(firms)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    },
    { ...request, countCap: COUNT_CAP },
  )
  return {
    result: page.rows as FirmRow[],
    count: page.total,
    totalpages: page.pages,
    page: page.page,
    overLimit: false,
    countCapped: page.more,
  }
}

/**
 * The column search: every filled filter must match. Non-admins reaching the limit get no rows and
 * the over-limit flag (spec 2 §5).
 */
export async function searchFirms(db: DbOrTx, search: FirmSearch): Promise<FirmPage> {
  const conditions = Object.entries(search.filters)
    .map(([name, value]) => (value === undefined ? undefined : filterCondition(name as FirmFilterField, value)))
    .filter((condition): condition is SQL => condition !== undefined)
  const page = await firmPage(db, and(...conditions), search)
  if (page.overLimit) return { result: [], count: page.count, totalpages: 0, page: 1, overLimit: true }
  return page
}

/**
 * Unisearch: one term over sort name, name, phone, contact and legal name, sorted by sort. Non-admins
 * see at most the first 100 firms, with the over-limit notice.
 */
export async function unisearchFirms(
  db: DbOrTx,
  term: string,
  options: { page?: number; perPage?: number; unlimited: boolean },
): Promise<FirmPage> {
  const digits = digitsOnly(term)
  // A two-letter term is found through search_bigrams (a trigram index cannot look it up).
  const where = or(
    containsWord(FIRM_SEARCH_TEXT, term.trim()),
    digits.length >= 2 ? ilike(firms.phone, `%${digits}%`) : undefined,
  )
  const search = {
    columns: UNISEARCH_COLUMNS,
    page: options.page ?? 1,
    perPage: options.perPage ?? 100,
    sortBy: 'sort' as const,
    unlimited: options.unlimited,
  }
  // A non-admin pages through the first 100 firms, with the over-limit notice when there are 100 or more.
  return firmPage(db, where, search)
}

export type Firm = typeof firms.$inferSelect

export async function getFirm(db: DbOrTx, fid: number): Promise<Firm | null> {
  if (!isRecordId(fid)) return null
  const [firm] = await db.select().from(firms).where(eq(firms.fid, fid))
  return firm ? { ...firm, note: sanitizeUserHtml(firm.note) } : null
}

/** A firm a call names must exist: an unknown firm is the same 404 as a malformed id ('No such firm.'). */
export async function requireFirm(db: DbOrTx, fid: number): Promise<void> {
  const [firm] = isRecordId(fid) ? await db.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, fid)) : []
  if (!firm) throw new NotFoundError(notFoundMessage('firm'))
}

/** Firms by id, in the order asked (for the viewer's tab titles). Unknown ids are left out. */
export async function firmTitles(db: DbOrTx, fids: readonly number[]): Promise<{ fid: number; sort: string }[]> {
  const valid = fids.filter(isRecordId).slice(0, 20)
  if (valid.length === 0) return []
  const rows = await db
    .select({ fid: firms.fid, sort: firms.sort })
    .from(firms)
    // An IN list, not ANY(array): the statement is prepared, and only a list of known length gets a
    // generic plan as cheap as its own (app/db/client.server.ts).
    .where(inArray(firms.fid, valid))
  const byId = new Map(rows.map((row) => [row.fid, row]))
  return valid.map((fid) => byId.get(fid)).filter((row): row is { fid: number; sort: string } => row !== undefined)
}

export type FirmChanges = Omit<typeof firms.$inferInsert, 'fid' | 'version' | 'createdAt' | 'updatedAt'>

/**
 * Saves a firm edited from `version`. A stale version saves nothing and throws ConflictError with
 * the current firm; the change log keeps the values before and after.
 */
export async function updateFirm(
  db: DbOrTx,
  fid: number,
  version: number,
  changes: FirmChanges,
  userId: number | null,
): Promise<Firm> {
  const record = { table: firms, key: firms.fid, id: fid, version, entity: 'firm', notFound: notFoundMessage('firm') }
  return saveVersion(db, record, {
    userId,
    current: (_tx, now) => ({ ...now, note: sanitizeUserHtml(now.note) }),
    values: () => ({ ...changes, note: changes.note ? sanitizeUserHtml(changes.note) || null : null }),
  })
}
