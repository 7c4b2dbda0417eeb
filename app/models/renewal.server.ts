import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { firms, policies } from '#app/db/schema'
import { WRITTEN_STATUSES } from '#app/domain/loss-run'
import { monthRange } from '#app/domain/reports'
import type { RenewalColumn } from '#app/domain/renewal'
import { pageOf, TOTAL_SQL } from './paging.server'

export interface RenewalQuery {
  carrier: string | null
  prevCarrier: string
  types: readonly string[]
  firmTypes: readonly string[]
  month: number
  year: number
  page: number
  perPage: number
  sortBy: RenewalColumn
  sortDesc: boolean
}

export type RenewalRow = {
  pid: number
  fid: number
  incept: string
  insured: string
  carrier: string | null
  premium: string | null
  prior_pid: number
  prior_carrier: string | null
  prior_premium: string | null
}

/** The sortable columns, by whitelist (the matches' names, `of` the query's alias); ties broken by inception, insured and pid. */
function orderBy(column: RenewalColumn, desc: boolean, of: string): SQL {
  const name = (key: string) => `${of}.${key}`
  const first = column === 'insured' ? `lower(${name('insured')})` : name(column)
  return sql.raw(
    `${first} ${desc ? 'DESC' : 'ASC'} NULLS LAST, ${name('incept')}, lower(${name('insured')}), ${name('pid')}`,
  )
}

/**
 * The Renewal report (spec 3 §2.11, decision 0036): the written policies of the chosen types that
 * incept in the month, of firms of the chosen firm types, whose prior policy was with the prior carrier
 * (and, when chosen, that are with the carrier now). The prior policy is the one the policy names
 * (`ppid`), else the firm's latest written policy of the same type that began before it and ended at
 * most a year before it began. A page in the chosen order with the count of every row, one statement;
 * the month's policies come from policies_renewal_idx and the firm types from firms_fid_type_idx
 * (index-only scans, migration 0019).
 */
export async function renewalPage(db: DbOrTx, query: RenewalQuery) {
  const { from, to } = monthRange(query.year, query.month)
  // Written out, so the planner proves the partial index's predicate (policies_renewal_idx, migration 0019).
  const written = sql.raw(WRITTEN_STATUSES.map((status) => `'${status}'`).join(', '))
  const matches = sql`
    SELECT p.pid, p.fid, p.incept, p.insured,
           p.carrier, p.premium,
           coalesce(named.pid, latest.pid) AS prior_pid,
           coalesce(named.carrier, latest.carrier) AS prior_carrier,
           coalesce(named.premium, latest.premium) AS prior_premium
      FROM ${policies} p
      JOIN ${firms} f ON f.fid = p.fid
      LEFT JOIN ${policies} named ON named.pid = p.ppid
      LEFT JOIN LATERAL (
        SELECT q.pid, q.carrier, q.premium FROM ${policies} q
         WHERE p.ppid IS NULL AND q.fid = p.fid AND q.type = p.type AND q.incept < p.incept
           AND (q.expiry IS NULL OR q.expiry >= p.incept - 365) AND q.status IN (${written})
         ORDER BY q.incept DESC, q.pid DESC
         LIMIT 1
      ) latest ON true
     WHERE p.incept BETWEEN ${from}::date AND ${to}::date
       AND p.type = ANY(${sql.param([...query.types])}::text[])
       AND p.status IN (${written})
       AND f.type = ANY(${sql.param([...query.firmTypes])}::text[])
       ${query.carrier ? sql`AND p.carrier = ${query.carrier}` : sql``}
       AND coalesce(named.carrier, latest.carrier) = ${query.prevCarrier}`
  return pageOf(
    async ({ limit, offset }) =>
      // The firm's name stands in for a policy without an insured, read for the page's rows only.
      (
        await db.execute<RenewalRow & { __total: number }>(sql`
          SELECT page.pid, page.fid, page.incept::text AS incept,
                 coalesce(nullif(page.insured, ''), (SELECT f.insured FROM ${firms} f WHERE f.fid = page.fid)) AS insured,
                 page.carrier, page.premium::text AS premium, page.prior_pid, page.prior_carrier,
                 page.prior_premium::text AS prior_premium, page.__total
            FROM (SELECT m.*, ${TOTAL_SQL} FROM (${matches}) m
                   ORDER BY ${orderBy(query.sortBy, query.sortDesc, 'm')}
                   LIMIT ${limit} OFFSET ${offset}) page
           ORDER BY ${orderBy(query.sortBy, query.sortDesc, 'page')}
        `)
      ).rows.map((row) => ({
        ...row,
        pid: Number(row.pid),
        fid: Number(row.fid),
        prior_pid: Number(row.prior_pid),
      })),
    { page: query.page, size: query.perPage },
  )
}
