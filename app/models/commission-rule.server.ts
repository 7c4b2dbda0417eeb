import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { commissionRules, contacts, mgaBilling, programs } from '#app/db/schema'
import type { CommissionDateType, CommissionRule } from '#app/domain/commission'
import {
  changeEnds,
  COMMISSION_RULE_MESSAGES as M,
  deleteRestores,
  editAllPlan,
  refusalOf,
  ruleSetKey,
  validEnd,
} from '#app/domain/commission-dating'
import { ConflictError, InvalidError, NotFoundError, StateConflictError } from '#app/domain/errors'
import { recordChange, recordHistory } from './change-log.server'
import { COMMISSION_RULE_COLUMNS } from './rates.server'

/**
 * MGA commission rules as the MGA Rates screen and /api/commissions manage them (spec 1 §2.9, §4, §7).
 * Every change is one transaction under the MGA's advisory lock (two administrators changing one MGA's
 * rules take turns, and the second sees the first's result), checks the version read, applies the
 * dating rules of app/domain/commission-dating.ts and logs each row it writes. A policy's saved
 * commissions are its own columns: no change here rewrites them.
 */

export const COMMISSION_RULE_ENTITY = 'commission_rule'

export const RULE_COLUMNS = {
  ...COMMISSION_RULE_COLUMNS,
  mga_name: contacts.sort,
  version: commissionRules.version,
}

/** A rule as the screen and the API read it: with its MGA's sort name and its version. */
export interface CommissionRuleRow extends NewRule {
  id: number
  mga_name: string | null
  version: number
}

const MAX_RULES = 2000

function selectRules(db: DbOrTx) {
  return db.select(RULE_COLUMNS).from(commissionRules).leftJoin(contacts, eq(contacts.cid, commissionRules.mga_id))
}

/**
 * The rules in force on a date, or on some day of a period (a year: YYYY-01-01 to YYYY-12-31), with
 * the MGA's sort; optionally of one MGA and carrier. Ordered by MGA, carrier, start.
 */
export async function listCommissionRules(
  db: DbOrTx,
  filter: { date?: string | null; period?: { start: string; end: string } | null; mgaId?: number; carrier?: string },
): Promise<CommissionRuleRow[]> {
  const window = filter.period ?? (filter.date ? { start: filter.date, end: filter.date } : null)
  const conditions = [
    window ? lte(commissionRules.start_date, window.end) : undefined,
    window ? or(isNull(commissionRules.end_date), gt(commissionRules.end_date, window.start)) : undefined,
    filter.mgaId !== undefined ? eq(commissionRules.mga_id, filter.mgaId) : undefined,
    filter.carrier !== undefined ? eq(commissionRules.carrier, filter.carrier) : undefined,
  ].filter(Boolean)
  return selectRules(db)
    .where(and(...conditions))
    .orderBy(
      asc(contacts.sort),
      asc(commissionRules.mga_id),
      asc(commissionRules.carrier),
      asc(commissionRules.start_date),
      asc(commissionRules.id),
    )
    .limit(MAX_RULES) as Promise<CommissionRuleRow[]>
}

export async function getCommissionRule(db: DbOrTx, id: number): Promise<CommissionRuleRow | null> {
  const [row] = await selectRules(db).where(eq(commissionRules.id, id))
  return (row as CommissionRuleRow | undefined) ?? null
}

/** The MGAs a rule can name: contacts of type MGA (cid and sort). */
export async function mgaChoices(db: DbOrTx): Promise<{ cid: number; sort: string; name1: string }[]> {
  return db
    .select({ cid: contacts.cid, sort: contacts.sort, name1: contacts.name1 })
    .from(contacts)
    .where(sql`${contacts.type} LIKE '%~MGA' OR ${contacts.type} LIKE '%~MGA~%'`)
    .orderBy(asc(contacts.sort))
    .limit(500)
}

/** A rule's change log, newest first. */
export function commissionRuleHistory(db: DbOrTx, id: number) {
  return recordHistory(db, { entity: COMMISSION_RULE_ENTITY, entityId: id }, 50)
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────────────

/** One MGA's rule changes take turns (the lock ends with the transaction). */
async function lockMga(tx: DbOrTx, mgaId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7301, ${mgaId}::int)`)
}

/** The MGA's rules of a carrier (a rule set is within them). */
async function rulesOf(tx: DbOrTx, mgaId: number, carrier?: string): Promise<CommissionRuleRow[]> {
  return listCommissionRules(tx, { mgaId, carrier })
}

/** The rule at the version read, under the MGA's lock; a lost race answers the spec's dialog failure (409). */
async function lockedRule(tx: DbOrTx, id: number, version: number | undefined): Promise<CommissionRuleRow> {
  const found = await getCommissionRule(tx, id)
  if (!found) throw new NotFoundError(M.failure)
  await lockMga(tx, found.mga_id)
  const rule = await getCommissionRule(tx, id)
  if (!rule) throw new NotFoundError(M.failure)
  if (version !== undefined && rule.version !== version) throw new ConflictError(rule, M.failure)
  return rule
}

const logged = ({ mga_name: _name, ...rule }: CommissionRuleRow) => rule

async function log(
  tx: DbOrTx,
  userId: number | null,
  action: 'create' | 'update' | 'delete',
  before: CommissionRuleRow | null,
  after: CommissionRuleRow | null,
) {
  await recordChange(tx, {
    userId,
    entity: COMMISSION_RULE_ENTITY,
    entityId: (after ?? before)!.id,
    action,
    before: before ? logged(before) : null,
    after: after ? logged(after) : null,
  })
}

/** A rule as it is written: the domain's rule (spec 1 §3) without its id. */
export interface NewRule extends Omit<CommissionRule, 'id' | 'types'> {
  types: string[]
}

async function insertRule(tx: DbOrTx, rule: NewRule, userId: number | null): Promise<CommissionRuleRow> {
  const [created] = await tx
    .insert(commissionRules)
    .values({ ...rule, condition: rule.condition?.trim() || null })
    .returning({ id: commissionRules.id })
  const after = (await getCommissionRule(tx, created.id))!
  await log(tx, userId, 'create', null, after)
  return after
}

async function updateRule(
  tx: DbOrTx,
  before: CommissionRuleRow,
  changes: { end_date: string | null; end_date_type: CommissionDateType | null },
  userId: number | null,
): Promise<CommissionRuleRow> {
  await tx
    .update(commissionRules)
    .set({ ...changes, version: sql`${commissionRules.version} + 1`, updatedAt: sql`now()` })
    .where(eq(commissionRules.id, before.id))
  const after = (await getCommissionRule(tx, before.id))!
  await log(tx, userId, 'update', before, after)
  return after
}

/** A set may have one current rule: a new one of a set that has one is a change, not a create. */
function refuseSecondCurrent(rules: readonly CommissionRuleRow[], rule: NewRule, except: readonly number[] = []) {
  if (rule.end_date !== null) return
  const key = ruleSetKey(rule)
  if (rules.some((other) => other.end_date === null && !except.includes(other.id) && ruleSetKey(other) === key))
    throw new StateConflictError(M.failure)
}

/** New commission (POST /api/commissions). */
export async function createCommissionRule(db: DbOrTx, rule: NewRule, userId: number | null) {
  if (rule.end_date !== null && !validEnd(rule, rule.end_date)) throw new InvalidError(M.date, { field: 'end_date' })
  return db.transaction(async (tx) => {
    await lockMga(tx, rule.mga_id)
    refuseSecondCurrent(await rulesOf(tx, rule.mga_id, rule.carrier), rule)
    return insertRule(tx, rule, userId)
  })
}

/** Change (pencil): the current rule ends on the new start date and a new rule of its set starts then. */
export async function changeCommissionRule(
  db: DbOrTx,
  id: number,
  version: number | undefined,
  change: { commission: string; start_date: string; start_date_type: CommissionDateType },
  userId: number | null,
) {
  return db.transaction(async (tx) => {
    const rule = await lockedRule(tx, id, version)
    const refusal = refusalOf('change', rule, [])
    if (refusal) throw new StateConflictError(refusal)
    const ends = changeEnds(rule, change.start_date)
    if (!ends) throw new InvalidError(M.date, { field: 'start_date' })
    const ended = await updateRule(tx, rule, { end_date: ends.end_date, end_date_type: change.start_date_type }, userId)
    const created = await insertRule(
      tx,
      {
        mga_id: rule.mga_id,
        carrier: rule.carrier,
        types: rule.types,
        renewal: rule.renewal,
        condition: rule.condition,
        commission: change.commission,
        start_date: change.start_date,
        start_date_type: change.start_date_type,
        end_date: null,
        end_date_type: null,
      },
      userId,
    )
    return { ended, created }
  })
}

/**
 * Add end date (a current rule) or remove it (only on the most recent rule of its set: the spec's
 * INVALID_PARAMS message otherwise): PUT /api/commissions/{id}.
 */
export async function setCommissionEnd(
  db: DbOrTx,
  id: number,
  version: number | undefined,
  end: { end_date: string | null; end_date_type: CommissionDateType | null },
  userId: number | null,
) {
  return db.transaction(async (tx) => {
    const rule = await lockedRule(tx, id, version)
    if (end.end_date === null) {
      const refusal = refusalOf('unend', rule, await rulesOf(tx, rule.mga_id, rule.carrier))
      if (refusal === M.notMostRecent) throw new InvalidError(refusal)
      if (refusal) throw new StateConflictError(refusal)
      return updateRule(tx, rule, { end_date: null, end_date_type: null }, userId)
    }
    const refusal = refusalOf('end', rule, [])
    if (refusal) throw new StateConflictError(refusal)
    if (!validEnd(rule, end.end_date)) throw new InvalidError(M.date, { field: 'end_date' })
    return updateRule(tx, rule, { end_date: end.end_date, end_date_type: end.end_date_type ?? 'incept' }, userId)
  })
}

/** Delete a current rule: the previous rule of its set becomes current again (its end date removed). */
export async function deleteCommissionRule(db: DbOrTx, id: number, version: number | undefined, userId: number | null) {
  return db.transaction(async (tx) => {
    const rule = await lockedRule(tx, id, version)
    const refusal = refusalOf('delete', rule, [])
    if (refusal) throw new StateConflictError(refusal)
    const restored = deleteRestores(rule, await rulesOf(tx, rule.mga_id, rule.carrier))
    await tx.delete(commissionRules).where(eq(commissionRules.id, rule.id))
    await log(tx, userId, 'delete', rule, null)
    if (restored) await updateRule(tx, restored, { end_date: null, end_date_type: null }, userId)
    return { deleted: rule, restored }
  })
}

/** The MGA's open rules (no end date), as Edit All lists them. */
export async function openRulesOf(db: DbOrTx, mgaId: number): Promise<CommissionRuleRow[]> {
  return selectRules(db)
    .where(and(eq(commissionRules.mga_id, mgaId), isNull(commissionRules.end_date)))
    .orderBy(asc(commissionRules.carrier), asc(commissionRules.start_date), asc(commissionRules.id))
    .limit(MAX_RULES) as Promise<CommissionRuleRow[]>
}

export interface EditAll {
  mgaId: number
  effective: string
  effectiveType: CommissionDateType
  /** The open rules step 2 listed: if they changed since, another administrator got there first. */
  seen: readonly number[]
  kept: readonly { id: number; commission: string }[]
  added: readonly Omit<NewRule, 'mga_id' | 'start_date' | 'start_date_type' | 'end_date' | 'end_date_type'>[]
}

/**
 * Edit All (spec 1 §4), all or nothing: the open rules not kept end on the effective date, the kept
 * ones with a new rate end then and a new rule of their set starts, and the new rates start then.
 */
export async function editAllCommissionRules(db: DbOrTx, edit: EditAll, userId: number | null) {
  return db.transaction(async (tx) => {
    await lockMga(tx, edit.mgaId)
    const open = await openRulesOf(tx, edit.mgaId)
    const openIds = open.map((rule) => rule.id).sort((a, b) => a - b)
    const seen = [...edit.seen].sort((a, b) => a - b)
    if (openIds.join() !== seen.join()) throw new ConflictError(open, M.failure)
    const plan = editAllPlan(open, edit.effective, edit.kept)
    if (!plan) throw new InvalidError(M.date, { field: 'effective' })
    const byId = new Map(open.map((rule) => [rule.id, rule]))
    const ending = { end_date: edit.effective, end_date_type: edit.effectiveType }
    for (const id of plan.end) await updateRule(tx, byId.get(id)!, ending, userId)
    for (const kept of plan.change) {
      const rule = byId.get(kept.id)!
      await updateRule(tx, rule, ending, userId)
      await insertRule(
        tx,
        {
          ...pickSet(rule),
          commission: kept.commission,
          start_date: edit.effective,
          start_date_type: edit.effectiveType,
          end_date: null,
          end_date_type: null,
        },
        userId,
      )
    }
    const remaining = await openRulesOf(tx, edit.mgaId)
    for (const added of edit.added) {
      const rule: NewRule = {
        ...added,
        mga_id: edit.mgaId,
        start_date: edit.effective,
        start_date_type: edit.effectiveType,
        end_date: null,
        end_date_type: null,
      }
      refuseSecondCurrent(remaining, rule)
      remaining.push(await insertRule(tx, rule, userId))
    }
    return { ended: plan.end.length, changed: plan.change.length, added: edit.added.length }
  })
}

function pickSet(rule: CommissionRuleRow) {
  return {
    mga_id: rule.mga_id,
    carrier: rule.carrier,
    types: rule.types,
    renewal: rule.renewal,
    condition: rule.condition,
  }
}

/** The rules with these ids (the screen's rows for a dialog). */
export async function commissionRulesById(db: DbOrTx, ids: readonly number[]): Promise<CommissionRuleRow[]> {
  if (ids.length === 0) return []
  return selectRules(db).where(inArray(commissionRules.id, [...ids])) as Promise<CommissionRuleRow[]>
}

export interface Payee {
  cid: number
  sort: string
  name1: string
}

/**
 * Who each rate of the commission dialog pays (spec 3 §2.6 step 3, "with their matching entity
 * fields"): the policy's MGA and the billing MGA that MGA Billing says receives its commission (spec 1
 * §2.10; the MGA itself when it has no billing row), the program's sub-producer and the policy's sponsor.
 */
export async function commissionPayees(
  db: DbOrTx,
  policy: { mgaid: number | null; spnid: number | null; prid: number | null },
): Promise<{ mga: Payee | null; billing: Payee | null; subProducer: Payee | null; sponsor: Payee | null }> {
  const [billing] =
    policy.mgaid === null
      ? []
      : await db.select({ cid: mgaBilling.billing_mga }).from(mgaBilling).where(eq(mgaBilling.contact_id, policy.mgaid))
  const [program] =
    policy.prid === null
      ? []
      : await db.select({ subid: programs.subid }).from(programs).where(eq(programs.prid, policy.prid))
  const billingId = billing?.cid ?? policy.mgaid
  const ids = [policy.mgaid, billingId, program?.subid ?? null, policy.spnid].filter((id): id is number => id !== null)
  const found = ids.length
    ? await db
        .select({ cid: contacts.cid, sort: contacts.sort, name1: contacts.name1 })
        .from(contacts)
        .where(inArray(contacts.cid, ids))
    : []
  const of = (id: number | null | undefined) => found.find((contact) => contact.cid === id) ?? null
  return { mga: of(policy.mgaid), billing: of(billingId), subProducer: of(program?.subid), sponsor: of(policy.spnid) }
}
