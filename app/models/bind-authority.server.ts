import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { BIND_AUTHORITY_STATUS } from '#app/domain/bind-authority'
import { toCents } from '#app/domain/money'
import type { Page, PageRequest } from '#app/domain/paging'
import { keptCountWithPageOf } from './paging.server'

/**
 * The Bind Authority Production report (spec 3 §2.7, decision 0033): every policy in status Book with
 * its booked premium (the sum of its ledger's Invoice entries) and its funds received (those invoices
 * that carry a paid date), newest inception first. Both come from policy_ledger_totals and the totals
 * from bind_authority_totals, which triggers on ledgers and policies keep equal to summing the ledger
 * (migration 0020; tests/integration/bind-authority.test.ts sums the ledger apart and compares).
 */

export interface BindAuthorityRow {
  pid: number
  fid: number
  incept: string | null
  /** Cents. */
  booked: number
  received: number
  /** The row's place in the whole report, 1 for the newest inception. */
  sort: number
}

export interface BindAuthorityTotals {
  count: number
  booked: number
  received: number
}

// A literal, not a parameter: the partial index's predicate must match the query's for any plan.
const IN_REPORT = sql.raw(`'${BIND_AUTHORITY_STATUS}'`)

const cents = (value: unknown) => toCents(value === null || value === undefined ? null : String(value)) ?? 0

/** The totals row: how many policies, their booked premium and funds received (cents). One row read. */
export async function bindAuthorityTotals(db: DbOrTx): Promise<BindAuthorityTotals> {
  const { rows } = await db.execute<{ records: number; booked: string; received: string }>(
    sql`SELECT records, booked::text AS booked, received::text AS received FROM bind_authority_totals WHERE one`,
  )
  const row = rows[0]
  return { count: Number(row?.records ?? 0), booked: cents(row?.booked), received: cents(row?.received) }
}

/**
 * One page of the report with its totals, in one statement: the page is cut from
 * `policies_book_incept_idx` (the Book policies by inception, newest first, with their firm; an
 * index-only walk past the offset) before each of its rows joins its ledger totals by primary key, so a
 * deep page skips index entries, not joins; the totals row is joined beside it (a page past the end
 * still reads the totals, and then the last page there is). One round trip, not two statements at once
 * (decision 0041 §3).
 */
export async function bindAuthorityPage(
  db: DbOrTx,
  request: PageRequest,
): Promise<Page<BindAuthorityRow> & { counted: BindAuthorityTotals }> {
  return keptCountWithPageOf(async ({ limit, offset }) => {
    const { rows } = await db.execute<{
      records: number
      all_booked: string
      all_received: string
      pid: number | null
      fid: number | null
      incept: string | null
      booked: string | null
      received: string | null
    }>(sql`
      WITH page AS (
        SELECT p.pid, p.fid, p.incept
          FROM policies p
         WHERE p.status = ${IN_REPORT}
         ORDER BY p.incept DESC NULLS LAST, p.pid DESC
         LIMIT ${limit} OFFSET ${offset}
      ), shown AS (
        SELECT page.pid, page.fid, page.incept, t.booked, t.received
          FROM page
          LEFT JOIN policy_ledger_totals t ON t.pid = page.pid
      )
      SELECT bt.records, bt.booked::text AS all_booked, bt.received::text AS all_received,
             shown.pid, shown.fid, shown.incept::text AS incept, shown.booked::text AS booked,
             shown.received::text AS received
        FROM bind_authority_totals bt
        LEFT JOIN shown ON true
       WHERE bt.one
       ORDER BY shown.incept DESC NULLS LAST, shown.pid DESC
    `)
    const first = rows[0]
    const counted: BindAuthorityTotals = {
      count: Number(first?.records ?? 0),
      booked: cents(first?.all_booked),
      received: cents(first?.all_received),
    }
    const shown = rows
      .filter((row) => row.pid !== null)
      .map((row, index): BindAuthorityRow => ({
        pid: Number(row.pid),
        fid: Number(row.fid),
        incept: row.incept,
        booked: cents(row.booked),
        received: cents(row.received),
        sort: offset + index + 1,
      }))
    return { rows: shown, counted }
  }, request)
}
