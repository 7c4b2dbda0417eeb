import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { claims, firms, policies } from '#app/db/schema'
import { WRITTEN_STATUSES, type LossRunAmounts } from '#app/domain/loss-run'
import { toCents } from '#app/domain/money'

/** A firm's policies are few; the cap keeps a damaged or hand-made firm from sending thousands of rows. */
export const LOSS_RUN_MAX_POLICIES = 500

export interface LossRunPolicy extends LossRunAmounts {
  /** Null on the line of claims that name no policy. */
  pid: number | null
  polnum: string | null
  incept: string | null
}

export interface LossRunFirm {
  fid: number
  name: string
}

/** The firm a loss run is for: its name as the report prints it, or null when there is no such firm. */
export async function lossRunFirm(db: DbOrTx, fid: number): Promise<LossRunFirm | null> {
  const { rows } = await db.execute<{ fid: number; name: string }>(sql`
    SELECT ${firms.fid} AS fid, coalesce(nullif(${firms.insured}, ''), nullif(${firms.name1}, ''), ${firms.sort}) AS name
      FROM ${firms} WHERE ${firms.fid} = ${fid}
  `)
  return rows[0] ? { fid: Number(rows[0].fid), name: rows[0].name ?? '' } : null
}

/**
 * The loss run of one firm (spec 3 §2.10, decision 0036): each written policy of the carrier and type,
 * newest inception first, then a line for the firm's claims of that carrier and type without a policy,
 * with its premium, its claims' count and their amounts summed: monitoring, defense and damages
 * incurred (incurred + current) and the reserves still open (each of the three remaining reserves, at
 * least 0). One statement: the firm's policies by `policies_fid_status_idx`, their claims by
 * `claims_pid_idx`, the claims without a policy by `claims_fid_idx`.
 */
export async function lossRunPolicies(
  db: DbOrTx,
  query: { fid: number; carrier: string; type: string },
): Promise<LossRunPolicy[]> {
  const open = (reserve: string, incurred: string, current: string) =>
    sql.raw(`greatest(c.${reserve} - c.${incurred} - c.${current}, 0)`)
  const amounts = sql`
           count(c.clid)::int AS claims_count,
           coalesce(sum(c.monitor + c.cur_mon), 0)::text AS monitoring,
           coalesce(sum(${open('res_mon', 'monitor', 'cur_mon')} + ${open('res_def', 'defense', 'cur_def')}
                        + ${open('reserve', 'damages', 'cur_dam')}), 0)::text AS reserves,
           coalesce(sum(c.defense + c.cur_def), 0)::text AS defense,
           coalesce(sum(c.damages + c.cur_dam), 0)::text AS damages`
  // The policies first (newest first), then one line for the firm's claims of the carrier and type that name no policy.
  const { rows } = await db.execute<Record<string, string | number | null>>(sql`
    (SELECT 0 AS part, p.pid, p.polnum, p.incept::text AS incept, coalesce(p.premium, 0)::text AS premium, ${amounts}
       FROM ${policies} p
       LEFT JOIN ${claims} c ON c.pid = p.pid
      WHERE p.fid = ${query.fid} AND p.carrier = ${query.carrier} AND p.type = ${query.type}
        AND p.status = ANY(${sql.param([...WRITTEN_STATUSES])}::text[])
      GROUP BY p.pid
      ORDER BY p.incept DESC NULLS LAST, p.pid DESC
      LIMIT ${LOSS_RUN_MAX_POLICIES})
    UNION ALL
    (SELECT 1, NULL, NULL, NULL, '0', ${amounts}
       FROM ${claims} c
      WHERE c.fid = ${query.fid} AND c.pid IS NULL AND c.carrier = ${query.carrier} AND c.type = ${query.type}
     HAVING count(*) > 0)
    ORDER BY part, incept DESC NULLS LAST, pid DESC
  `)
  const cents = (value: string | number | null) => toCents(value === null ? null : String(value)) ?? 0
  return rows.map((row) => ({
    pid: row.pid === null ? null : Number(row.pid),
    polnum: row.polnum === null ? null : String(row.polnum),
    incept: row.incept === null ? null : String(row.incept),
    premium: cents(row.premium),
    claims_count: Number(row.claims_count),
    monitoring: cents(row.monitoring),
    reserves: cents(row.reserves),
    defense: cents(row.defense),
    damages: cents(row.damages),
  }))
}
