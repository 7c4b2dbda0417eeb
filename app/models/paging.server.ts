import { sql, type SQLWrapper } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { clampInt, pageCount, pageWindow, slicePage, type Page, type PageRequest } from '#app/domain/paging'

/**
 * The one paging helper of the models. A list query is a function of its window (LIMIT, OFFSET) that
 * selects the total beside each row: `__total: totalColumn()` in a Drizzle select, or `${TOTAL_SQL}` in
 * raw SQL. One query then answers both the page and the count; a page past the end shows the last page.
 *
 *   const page = await pageOf(({ limit, offset }) =>
 *     db.select({ ...columns, __total: totalColumn() }).from(firms).where(where).orderBy(...).limit(limit).offset(offset),
 *     { page: 2, size: 100 })
 */

/** The count of every matching row, beside each row of the page (a Drizzle select field). */
export const totalColumn = () => sql<number>`count(*) OVER ()`.mapWith(Number)

/** The same for raw SQL: `SELECT n.nid, ..., ${TOTAL_SQL} FROM ...`. */
export const TOTAL_SQL = sql.raw(`count(*) OVER ()::int AS "__total"`)

export type PageWindow = { limit: number; offset: number }
type Counted = { __total: number | string }
type Uncounted<Row> = Omit<Row, '__total'>

export interface CountedPage<Row> extends Page<Row> {
  /** Every row that matched: more than `total` when the search has a reach and went past it. */
  matched: number
}

const strip = <Row extends Counted>(rows: readonly Row[]): Uncounted<Row>[] =>
  rows.map(({ __total: _total, ...row }) => row)

/**
 * A page of a list with its count. `reach` bounds the rows a search can show (people search: its first
 * 1000): the pages stop there, `total` is at most `reach` and `matched` says how many matched in all.
 */
export async function pageOf<Row extends Counted>(
  query: (window: PageWindow) => Promise<readonly Row[]>,
  request: PageRequest & { reach?: number },
): Promise<CountedPage<Uncounted<Row>>> {
  const size = clampInt(request.size, 1, Number.MAX_SAFE_INTEGER)
  let window = pageWindow({ page: request.page, size }, request.reach)
  let rows = await query(window)
  if (rows.length === 0 && window.page > 1) {
    // Asked past the end (rows were removed, or a hand-made URL): show the last page there is.
    const probe = await query({ limit: 1, offset: 0 })
    const matched = Number(probe[0]?.__total ?? 0)
    const shown = request.reach === undefined ? matched : Math.min(matched, request.reach)
    window = pageWindow({ page: pageCount(shown, size), size }, request.reach)
    rows = matched > 0 ? await query(window) : []
  }
  const matched = Number(rows[0]?.__total ?? 0)
  const total = request.reach === undefined ? matched : Math.min(matched, request.reach)
  return { rows: strip(rows), total, page: total === 0 ? 1 : window.page, pages: pageCount(total, size), matched }
}

export interface BatchPage<Row> extends Page<Row> {
  /** The batch shown: the one asked for, or the last one when it asked past the end. */
  batch: number
  batches: number
  /** Every row that matched (a batch selector's count); `total` is the rows of the batch shown. */
  matched: number
}

/**
 * Pages within batches (the Notes tab: batches of 1000 notes by last change, newest first, each shown
 * 100 at a time in the column chosen). `query(batch, page)` picks the batch's rows with the batch's
 * window in the list's own order, and the page's rows of them with the page's window in the page's
 * order, each with `__total`, the count of every match (selected beside the picked rows, before the
 * batch's LIMIT). A batch or page past the end shows the last one there is.
 */
export async function batchPageOf<Row extends Counted>(
  query: (batch: PageWindow, page: PageWindow) => Promise<readonly Row[]>,
  request: { batch: number; batchSize: number; page: number; size: number },
): Promise<BatchPage<Uncounted<Row>>> {
  const batchSize = clampInt(request.batchSize, 1, Number.MAX_SAFE_INTEGER)
  const size = clampInt(request.size, 1, batchSize)
  const windows = (batch: number, page: number) => ({
    batch: pageWindow({ page: batch, size: batchSize }),
    page: pageWindow({ page, size }, batchSize),
  })
  let window = windows(request.batch, request.page)
  let rows = await query(window.batch, window.page)
  if (rows.length === 0 && (window.batch.page > 1 || window.page.page > 1)) {
    // Asked past the end (notes were removed, or a hand-made URL): the last batch and page there are.
    const probe = await query({ limit: 1, offset: 0 }, { limit: 1, offset: 0 })
    const matched = Number(probe[0]?.__total ?? 0)
    const batch = Math.min(window.batch.page, pageCount(matched, batchSize))
    const inBatch = Math.min(batchSize, Math.max(0, matched - (batch - 1) * batchSize))
    window = windows(batch, Math.min(window.page.page, pageCount(inBatch, size)))
    rows = matched > 0 ? await query(window.batch, window.page) : []
  }
  const matched = Number(rows[0]?.__total ?? 0)
  const inBatch = Math.min(batchSize, Math.max(0, matched - window.batch.offset))
  return {
    rows: strip(rows),
    total: inBatch,
    page: inBatch === 0 ? 1 : window.page.page,
    pages: pageCount(inBatch, size),
    batch: matched === 0 ? 1 : window.batch.page,
    batches: pageCount(matched, batchSize),
    matched,
  }
}

export interface FirstPage<Row> extends Page<Row> {
  /** The search reached `cap`: there are `cap` or more matches ("100 or more"), and only `cap` are shown. */
  capped: boolean
}

/**
 * The early-stopping variant for searches held to their first `cap` matches (a non-admin's firm search):
 * the database stops after `cap` rows instead of counting every match, and the pages are cut from them.
 * The query selects no total.
 */
export async function firstOf<Row>(
  query: (window: PageWindow) => Promise<readonly Row[]>,
  request: PageRequest & { cap: number },
): Promise<FirstPage<Row>> {
  const cap = clampInt(request.cap, 1, Number.MAX_SAFE_INTEGER)
  const first = await query({ limit: cap, offset: 0 })
  const page = slicePage(first, request)
  return { ...page, total: first.length, capped: first.length >= cap }
}

export interface CappedPage<Row> extends Page<Row> {
  /** More matched than `total` says: the count stopped at its cap ("1000+"), or went past `reach`. */
  more: boolean
}

/** How many rows a query gives, counting at most `limit` of them (the database stops there). */
export async function countUpTo(db: DbOrTx, matches: (limit: number) => SQLWrapper, limit: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matches(limit)}) AS matches`)
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * The variant for large searches at scale: the page and a count that stops early run side by side,
 * so a common term neither counts nor sorts every match. The count stops `countCap` rows past the page
 * (then `more`), or at `reach` for a search that shows only its first `reach` rows (people: 1000).
 * `count(limit)` counts the matches, at most `limit` (see countUpTo).
 */
export async function cappedPageOf<Row>(
  query: (window: PageWindow) => Promise<readonly Row[]>,
  count: (limit: number) => Promise<number>,
  request: PageRequest & { countCap: number; reach?: number },
): Promise<CappedPage<Row>> {
  const size = clampInt(request.size, 1, Number.MAX_SAFE_INTEGER)
  let window = pageWindow({ page: request.page, size }, request.reach)
  const countable = () => request.reach ?? window.offset + request.countCap
  let [rows, matched] = await Promise.all([query(window), count(countable() + 1)])
  let shown = Math.min(matched, countable())
  if (rows.length === 0 && shown > 0 && window.page > 1) {
    // Asked past the end: the last page there is.
    window = pageWindow({ page: pageCount(shown, size), size }, request.reach)
    ;[rows, matched] = await Promise.all([query(window), count(countable() + 1)])
    shown = Math.min(matched, countable())
  }
  return {
    rows: [...rows],
    total: shown,
    page: shown === 0 ? 1 : window.page,
    pages: pageCount(shown, size),
    more: matched > countable(),
  }
}

/**
 * cappedPageOf in one statement: `query(window, countLimit)` selects the page's rows with `__total`, the
 * count of the matches stopped at `countLimit` (an uncorrelated subquery the database runs once beside
 * the page: `(SELECT count(*) FROM (… LIMIT countLimit) m)`), so a search sends one statement where it
 * sent two (each a round trip and a parse of its own). The same answer as cappedPageOf: a page past the
 * end shows the last page there is.
 */
export async function cappedCountedPageOf<Row extends Counted>(
  query: (window: PageWindow, countLimit: number) => Promise<readonly Row[]>,
  request: PageRequest & { countCap: number; reach?: number },
): Promise<CappedPage<Uncounted<Row>>> {
  const size = clampInt(request.size, 1, Number.MAX_SAFE_INTEGER)
  let window = pageWindow({ page: request.page, size }, request.reach)
  const countable = () => request.reach ?? window.offset + request.countCap
  let rows = await query(window, countable() + 1)
  let matched = Number(rows[0]?.__total ?? 0)
  if (rows.length === 0 && window.page > 1) {
    // Asked past the end: the count as the page asked for would have read it, then the last page there is.
    const probe = await query({ limit: 1, offset: 0 }, countable() + 1)
    const shown = Math.min(Number(probe[0]?.__total ?? 0), countable())
    if (shown > 0) {
      window = pageWindow({ page: pageCount(shown, size), size }, request.reach)
      rows = await query(window, countable() + 1)
      matched = Number(rows[0]?.__total ?? 0)
    }
  }
  const shown = Math.min(matched, countable())
  return {
    rows: strip(rows),
    total: shown,
    page: shown === 0 ? 1 : window.page,
    pages: pageCount(shown, size),
    more: matched > countable(),
  }
}

/**
 * A page of a list whose count is kept apart and exact (a table triggers maintain, such as the Bind
 * Authority totals): the rows and the count are read at once, and a page past the end reads the last
 * page there is. Nothing counts the rows per request.
 */
export async function keptCountPageOf<Row, Count extends { count: number }>(
  query: (window: PageWindow) => Promise<readonly Row[]>,
  count: () => Promise<Count>,
  request: PageRequest,
): Promise<Page<Row> & { counted: Count }> {
  return keptCountWithPageOf(async (window) => {
    const [rows, counted] = await Promise.all([query(window), count()])
    return { rows, counted }
  }, request)
}

/** keptCountPageOf for a statement that reads the page's rows and the kept count together. */
export async function keptCountWithPageOf<Row, Count extends { count: number }>(
  read: (window: PageWindow) => Promise<{ rows: readonly Row[]; counted: Count }>,
  request: PageRequest,
): Promise<Page<Row> & { counted: Count }> {
  const size = clampInt(request.size, 1, Number.MAX_SAFE_INTEGER)
  let window = pageWindow({ page: request.page, size })
  let { rows, counted } = await read(window)
  const pages = pageCount(counted.count, size)
  if (rows.length === 0 && window.page > pages && counted.count > 0) {
    window = pageWindow({ page: pages, size })
    ;({ rows, counted } = await read(window))
  }
  return { rows: [...rows], total: counted.count, page: Math.min(window.page, pages), pages, counted }
}
