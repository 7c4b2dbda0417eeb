import { sql } from 'drizzle-orm'
import { check, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { identity, inList, isoDate, money, requiredRef, trigramIndexes, updatedAt, version, versioned } from './columns'
import { contacts } from './contacts'
import { firms } from './firms'
import { states } from './lists'
import { people } from './people'
import { contracts, policies } from './policies'
import { LEDGER_TYPES as CLAIM_LEDGER_TYPES } from '#app/domain/claims'

export const CLAIM_RESOLUTIONS = ['judgement', 'settlement'] as const

/**
 * A claim (spec 3 §3). For monitor (res_mon, monitor, cur_mon), defense (res_def, defense, cur_def)
 * and damages (reserve, damages, cur_dam) the three amounts are reserve, incurred and current;
 * remaining = reserve − incurred − current may go negative (shown '--'), but no amount may.
 * carrier, type, plt_code, def_code, aop_code, err_code and status hold list `short` values.
 */
export const claims = pgTable(
  'claims',
  {
    clid: identity('clid'),
    fid: requiredRef('fid', () => firms.fid),
    pid: integer('pid').references(() => policies.pid, { onDelete: 'set null' }),
    carrier: text('carrier'),
    type: text('type'),
    clm_num: text('clm_num'),
    claimant: text('claimant'),
    /** Insured defendants. */
    insdef: text('insdef'),
    /** Other defendants. */
    othdef: text('othdef'),
    plt_code: text('plt_code'),
    def_code: text('def_code'),
    aop_code: text('aop_code'),
    err_code: text('err_code'),
    state: text('state').references(() => states.code),
    insuit: text('insuit', { enum: ['yes', 'no'] }),
    est_size: numeric('est_size', { precision: 16, scale: 2 }),
    resolved: text('resolved', { enum: CLAIM_RESOLUTIONS }),
    status: text('status'),
    /** Sanitised HTML. */
    note: text('note'),
    /** Sanitised HTML. */
    facts: text('facts'),
    feefund: money('feefund'),
    engaged: isoDate('engaged'),
    error: isoDate('error'),
    claim: isoDate('claim'),
    report: isoDate('report'),
    clm_ack: isoDate('clm_ack'),
    first_rep: isoDate('first_rep'),
    last_rep: isoDate('last_rep'),
    close: isoDate('close'),
    /** Claims handler (an Adjuster contact) and the handler's person. */
    adj_cid: integer('adj_cid').references(() => contacts.cid),
    adj_plid: integer('adj_plid').references(() => people.plid, { onDelete: 'set null' }),
    /** Defense firm (a Panel contact) and defense counsel. */
    def_cid: integer('def_cid').references(() => contacts.cid),
    def_plid: integer('def_plid').references(() => people.plid, { onDelete: 'set null' }),
    res_mon: money('res_mon').notNull().default('0'),
    monitor: money('monitor').notNull().default('0'),
    cur_mon: money('cur_mon').notNull().default('0'),
    res_def: money('res_def').notNull().default('0'),
    defense: money('defense').notNull().default('0'),
    cur_def: money('cur_def').notNull().default('0'),
    reserve: money('reserve').notNull().default('0'),
    damages: money('damages').notNull().default('0'),
    cur_dam: money('cur_dam').notNull().default('0'),
    deductible: money('deductible').notNull().default('0'),
    paid_ded: money('paid_ded').notNull().default('0'),
    /**
     * The contract of the claim's policy, copied by triggers (migration 0018, decision 0034) so the
     * claims bordereau pages a contract's claims from one index. Never written by the app.
     */
    contract: integer('contract').references(() => contracts.id),
    /** When the claim was entered (search results carry it as stamp). */
    stamp: timestamp('stamp', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('claims_insuit_valid', sql`${t.insuit} IS NULL OR ${t.insuit} IN ('yes', 'no')`),
    check('claims_resolved_valid', sql`${t.resolved} IS NULL OR ${t.resolved} IN (${inList(CLAIM_RESOLUTIONS)})`),
    check('claims_est_size_non_negative', sql`${t.est_size} IS NULL OR ${t.est_size} >= 0`),
    check(
      'claims_amounts_non_negative',
      sql`${t.res_mon} >= 0 AND ${t.monitor} >= 0 AND ${t.cur_mon} >= 0 AND ${t.res_def} >= 0 AND ${t.defense} >= 0 AND ${t.cur_def} >= 0 AND ${t.reserve} >= 0 AND ${t.damages} >= 0 AND ${t.cur_dam} >= 0 AND ${t.deductible} >= 0 AND ${t.paid_ded} >= 0`,
    ),
    check('claims_feefund_non_negative', sql`${t.feefund} IS NULL OR ${t.feefund} >= 0`),
    index('claims_fid_idx').on(t.fid, t.claim),
    index('claims_pid_idx').on(t.pid),
    index('claims_contract_idx').on(t.contract, t.clid),
    index('claims_status_idx').on(t.status),
    index('claims_carrier_type_idx').on(t.carrier, t.type),
    // The claims search's commonest pair (its Type and Status fields): the bitmap reads half the rows the status index does.
    // Migration 0015 adds INCLUDE (the eleven money columns) for the search's totals; drizzle cannot write INCLUDE.
    index('claims_type_status_idx').on(t.type, t.status),
    index('claims_adj_cid_idx').on(t.adj_cid),
    index('claims_def_cid_idx').on(t.def_cid),
    // Deleting a person checks these references.
    index('claims_adj_plid_idx').on(t.adj_plid),
    index('claims_def_plid_idx').on(t.def_plid),
    index('claims_claim_date_idx').on(t.claim),
    ...trigramIndexes('claims', t.claimant, t.clm_num, t.insdef, t.othdef),
  ],
)

/**
 * Payments and adjustments on a claim. `type` names the bucket the amount belongs to, so the
 * incurred amounts of a claim can be reconciled with its ledger.
 */
export const claimLedger = pgTable(
  'claim_ledger',
  {
    id: identity('id'),
    // Accounting history must not vanish with a claim: deleting a claim with entries is refused.
    clid: requiredRef('clid', () => claims.clid),
    type: text('type', { enum: CLAIM_LEDGER_TYPES }).notNull(),
    /** The `short` of the ledgeracct list. */
    acct: text('acct'),
    /** The party paid (defense firm, claimant's counsel, …). */
    cid: integer('cid').references(() => contacts.cid),
    /** Check or invoice number. */
    num: text('num'),
    amt: money('amt').notNull(),
    dated: isoDate('dated').notNull(),
    note: text('note'),
    createdBy: text('created_by'),
    ...versioned(),
  },
  (t) => [
    check('claim_ledger_type_valid', sql`${t.type} IN (${inList(CLAIM_LEDGER_TYPES)})`),
    index('claim_ledger_clid_idx').on(t.clid, t.dated),
  ],
)
