import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { firms } from '#app/db/schema'
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
 * most a year before it began (the rule is renewal_priors_refresh's, migration 0026). A page in the
 * chosen order with the count of every row, one statement over renewal_priors.
 */
export async function renewalPage(db: DbOrTx, query: RenewalQuery) {
  const { from, to } = monthRange(query.year, query.month)
  // Each written policy's prior, firm type and shown columns are kept in renewal_priors by triggers
  // (migration 0026, decision 0040): the month is one index-only range scan of renewal_priors_month_idx.
  const matches = sql`
    SELECT r.pid, r.fid, r.incept, r.insured, r.carrier, r.premium,
           r.prior_pid, r.prior_carrier, r.prior_premium
      FROM renewal_priors r
     WHERE r.type = ANY(${sql.param([...query.types])}::text[])
       AND r.incept BETWEEN ${from}::date AND ${to}::date
       AND r.firm_type = ANY(${sql.param([...query.firmTypes])}::text[])
       ${query.carrier ? sql`AND r.carrier = ${query.carrier}` : sql``}
       AND r.prior_carrier = ${query.prevCarrier}`
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
