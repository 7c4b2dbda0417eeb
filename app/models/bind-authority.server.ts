import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { BIND_AUTHORITY_STATUS } from '#app/domain/bind-authority'
import { toCents } from '#app/domain/money'
import type { PageRequest } from '#app/domain/paging'
import { keptCountPageOf } from './paging.server'

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
 * One page of the report with its totals. The page is cut from `policies_book_incept_idx` (the Book
 * policies by inception, newest first, with their firm; an index-only walk past the offset) before each
 * of its rows joins its ledger totals by primary key, so a deep page skips index entries, not joins.
 */
export async function bindAuthorityPage(db: DbOrTx, request: PageRequest) {
  return keptCountPageOf(
    async ({ limit, offset }) => {
      const { rows } = await db.execute<{
        pid: number
        fid: number
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
        )
        SELECT page.pid, page.fid, page.incept::text AS incept, t.booked::text AS booked, t.received::text AS received
          FROM page
          LEFT JOIN policy_ledger_totals t ON t.pid = page.pid
         ORDER BY page.incept DESC NULLS LAST, page.pid DESC
      `)
      return rows.map((row, index): BindAuthorityRow => ({
        pid: Number(row.pid),
        fid: Number(row.fid),
        incept: row.incept,
        booked: cents(row.booked),
        received: cents(row.received),
        sort: offset + index + 1,
      }))
    },
    () => bindAuthorityTotals(db),
    request,
  )
}
