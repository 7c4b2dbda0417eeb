import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { activeFirmNote, firms, notes } from '#app/db/schema'
import { FIRM_CATEGORY_DAYS, type FirmCategory } from '#app/domain/firm-categories'
import { pageOf, TOTAL_SQL } from './paging.server'

/** A firm of a category, with what put it there: the last change of its Active notes and how many it has. */
export type CategoryFirm = {
  fid: number
  sort: string
  phone: string | null
  state: string | null
  status: string
  producer: string
  /** The last change (cstamp) of the firm's Active notes. */
  lastcstamp: Date
  /** How many Active notes the firm has. */
  activenotes: number
}

export interface CategoryPage {
  result: CategoryFirm[]
  /** Firms in the category (at most `reach` when the list has one). */
  count: number
  totalpages: number
  /** The page shown: the one asked for, or the last one when that was past the end. */
  page: number
  /** The list has a reach and the category holds more firms than it. */
  overLimit: boolean
}

/** The Active notes of firms: the partial index's own predicate (activeFirmNote), so the planner proves it. */
const ACTIVE_FIRM_NOTE: SQL = activeFirmNote(notes)
const CUTOFF = sql.raw(`now() - interval '${FIRM_CATEGORY_DAYS} days'`)

/**
 * The statement of a category page: the firms' Active notes are grouped in `notes_active_firm_idx`
 * alone (an index-only scan of the open notes, 19,000 of 909,000 at scale 100), counted beside the
 * page's groups, and only the page's firms are read from `firms`.
 */
export function firmCategoryStatement(category: FirmCategory, window: { limit: number; offset: number }): SQL {
  const active = category === 'active'
  const having = active ? sql`max(${notes.cstamp}) >= ${CUTOFF}` : sql`max(${notes.cstamp}) < ${CUTOFF}`
  // Active: the most recent work first; neglected: the longest untouched first. fid breaks ties.
  const order = sql.raw(active ? 'DESC' : 'ASC')
  return sql`
    WITH page AS (
      SELECT ${notes.fid} AS fid, max(${notes.cstamp}) AS lastcstamp, count(*)::int AS activenotes,
             ${TOTAL_SQL}
        FROM ${notes}
       WHERE ${ACTIVE_FIRM_NOTE}
       GROUP BY ${notes.fid}
      HAVING ${having}
       ORDER BY lastcstamp ${order}, fid ${order}
       LIMIT ${window.limit} OFFSET ${window.offset}
    )
    SELECT f.fid, f.sort, f.phone, f.state, f.status, f.producer, page.lastcstamp, page.activenotes, page.__total
      FROM page JOIN ${firms} f ON f.fid = page.fid
     ORDER BY page.lastcstamp ${order}, page.fid ${order}`
}

/**
 * One page of a firm category (app/domain/firm-categories.ts) with its count. `reach` holds a list to
 * its first firms (a non-admin's firm limit): the pages stop there and `overLimit` says there are more.
 */
export async function firmsByCategory(
  db: DbOrTx,
  options: { category: FirmCategory; page: number; size: number; reach?: number },
): Promise<CategoryPage> {
  const found = await pageOf(
    async (window) =>
      (await db.execute<CategoryFirm & { __total: number }>(firmCategoryStatement(options.category, window))).rows,
    { page: options.page, size: options.size, reach: options.reach },
  )
  return {
    result: found.rows,
    count: found.total,
    totalpages: found.pages,
    page: found.page,
    overLimit: options.reach !== undefined && found.matched > options.reach,
  }
}
