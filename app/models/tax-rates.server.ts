import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { roundings, states, taxRates } from '#app/db/schema'
import {
  currentOf,
  planAddEnd,
  planDelete,
  planNewRate,
  planRemoveEnd,
  type DatingRefusal,
  type Plan,
} from '#app/domain/effective-dating'
import { InvalidError, NotFoundError, StateConflictError } from '#app/domain/errors'
import type { TaxField } from '#app/domain/tax'
import { DATING_REFUSALS, TAX_MESSAGES, TAX_RATE_ENTITY } from '#app/domain/tax-rates'
import { recordChange, recordHistory, type HistoryEntry } from './change-log.server'
import { TAX_RATE_COLUMNS } from './rates.server'
import { isUniqueViolation } from './unique-violation.server'

/**
 * The State Rates screen's and /api/taxes' reads and writes (spec 1 §2.8, §4, §7). Every change is one
 * transaction: the series of the rate (its state and field) is locked first (a transaction-scoped
 * advisory lock), read again, the effective-dating plan made on what is read (app/domain/effective-dating),
 * the rows written and each change logged. The database's own rule backs it: one current rate per
 * state and field (the partial unique index tax_rates_current_uq), answered as the spec's save failure.
 */

export interface TaxRateRow {
  id: number
  state: string
  entity: string
  /** A fraction as stored ('0.048500'). */
  rate: string | null
  flat: string | null
  taxed_fees: string[]
  round: string
  admitted: boolean
  field: TaxField
  start_date: string
  end_date: string | null
  version: number
}

const COLUMNS = { ...TAX_RATE_COLUMNS, version: taxRates.version }

/** What a new rate carries (the rate as a fraction): a row but for its id and version. */
export type NewTaxRate = Omit<TaxRateRow, 'id' | 'version'>

/**
 * Every tax rate with its history (two series per state: a few hundred rows), oldest first within a
 * series; the screen filters them for its view and needs whole series to tell the most recent rate.
 */
export async function allTaxRateRows(db: DbOrTx): Promise<TaxRateRow[]> {
  return db
    .select(COLUMNS)
    .from(taxRates)
    .orderBy(asc(taxRates.state), asc(taxRates.field), asc(taxRates.start_date), asc(taxRates.id))
    .limit(10_000)
}

/** The states a rate can be for (code and name), in name order. */
export async function taxStates(db: DbOrTx): Promise<{ code: string; name: string }[]> {
  return db.select({ code: states.code, name: states.name }).from(states).orderBy(asc(states.name)).limit(200)
}

/** GET /api/taxes/roundings: the rounding options, in their order. */
export async function listRoundings(db: DbOrTx): Promise<{ code: string; description: string }[]> {
  return db
    .select({ code: roundings.code, description: roundings.description })
    .from(roundings)
    .orderBy(asc(roundings.sort), asc(roundings.code))
    .limit(100)
}

/** One rate, or null. */
export async function findTaxRate(db: DbOrTx, id: number): Promise<TaxRateRow | null> {
  const [row] = await db.select(COLUMNS).from(taxRates).where(eq(taxRates.id, id)).limit(1)
  return row ?? null
}

/** A rate's history in the change log, newest first. */
export function taxRateHistory(db: DbOrTx, id: number, limit = 50): Promise<HistoryEntry[]> {
  return recordHistory(db, { entity: TAX_RATE_ENTITY, entityId: id }, limit)
}

/** Locks a series (state and field) for the rest of the transaction, then reads it, oldest first. */
async function lockedSeries(tx: DbOrTx, state: string, field: string): Promise<TaxRateRow[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tax_rates:${state}:${field}`}))`)
  return tx
    .select(COLUMNS)
    .from(taxRates)
    .where(and(eq(taxRates.state, state), eq(taxRates.field, field as TaxField)))
    .orderBy(asc(taxRates.start_date), asc(taxRates.id))
    .limit(10_000)
}

/** A plan's refusal as the screen words it: the most-recent rule is the spec's INVALID_PARAMS (400). */
function refuse(refusal: DatingRefusal, field?: string): never {
  throw new InvalidError(DATING_REFUSALS[refusal], field ? { field } : {})
}

function planned<T>(plan: Plan<T>, field?: string): T {
  if (!plan.ok) refuse(plan.refusal, field)
  return plan
}

/** Runs a change in one transaction; a second current rate refused by the database is the spec's save failure. */
async function inTransaction<T>(db: DbOrTx, change: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(change)
  } catch (error) {
    if (isUniqueViolation(error)) throw new StateConflictError(TAX_MESSAGES.saveFailed)
    throw error
  }
}

const logged = (row: TaxRateRow) => {
  const { version: _version, ...content } = row
  return content
}

/**
 * POST /api/taxes and the screen's create and update: a new rate of its state and field. When the
 * field has a current rate this is an update: that rate ends on the new start date, in the same
 * transaction. `expectCurrent` (the screen's forms) is the current rate the user saw (null: none);
 * another one found (a colleague saved first) is refused with the spec's save failure, nothing changed.
 */
export async function saveTaxRate(
  db: DbOrTx,
  rate: NewTaxRate,
  userId: number | null,
  expectCurrent?: number | null,
): Promise<{ rate: TaxRateRow; ended: TaxRateRow | null }> {
  if (rate.end_date !== null && rate.end_date < rate.start_date) refuse('end-before-start', 'end_date')
  if (!(await listRoundings(db)).some((rounding) => rounding.code === rate.round))
    throw new InvalidError(TAX_MESSAGES.unknownRounding, { field: 'round' })
  return inTransaction(db, async (tx) => {
    const series = await lockedSeries(tx, rate.state, rate.field)
    // The screen's form was made from what the user saw: a colleague's save since is refused first.
    if (expectCurrent !== undefined && (currentOf(series)?.id ?? null) !== expectCurrent)
      throw new StateConflictError(TAX_MESSAGES.saveFailed)
    const { ends } = planned(planNewRate(series, rate.start_date), 'start_date')
    let ended: TaxRateRow | null = null
    if (ends) {
      const [row] = await tx
        .update(taxRates)
        .set({ end_date: rate.start_date, version: sql`${taxRates.version} + 1` })
        .where(and(eq(taxRates.id, ends.id), isNull(taxRates.end_date)))
        .returning(COLUMNS)
      if (!row) throw new StateConflictError(TAX_MESSAGES.saveFailed)
      ended = row
      await recordChange(tx, {
        userId,
        entity: TAX_RATE_ENTITY,
        entityId: row.id,
        action: 'update',
        before: logged(ends),
        after: logged(row),
      })
    }
    const [created] = await tx.insert(taxRates).values(rate).returning(COLUMNS)
    await recordChange(tx, {
      userId,
      entity: TAX_RATE_ENTITY,
      entityId: created.id,
      action: 'create',
      after: { ...logged(created), ...(ended ? { replaces: ended.id } : {}) },
    })
    return { rate: created, ended }
  })
}

async function lockedRate(tx: DbOrTx, id: number): Promise<{ rate: TaxRateRow; series: TaxRateRow[] }> {
  const found = await findTaxRate(tx, id)
  if (!found) throw new NotFoundError(TAX_MESSAGES.notFound)
  const series = await lockedSeries(tx, found.state, found.field)
  const rate = series.find((row) => row.id === id)
  if (!rate) throw new NotFoundError(TAX_MESSAGES.notFound)
  return { rate, series }
}

/**
 * PUT /api/taxes/{id} and the screen's Add end date and Remove end date: only on the most recent rate
 * of its state and field (else the spec's INVALID_PARAMS message).
 */
export async function setTaxEndDate(
  db: DbOrTx,
  id: number,
  end: string | null,
  userId: number | null,
): Promise<TaxRateRow> {
  return inTransaction(db, async (tx) => {
    const { rate, series } = await lockedRate(tx, id)
    planned(end === null ? planRemoveEnd(series, rate) : planAddEnd(series, rate, end), 'end_date')
    const [row] = await tx
      .update(taxRates)
      .set({ end_date: end, version: sql`${taxRates.version} + 1` })
      .where(eq(taxRates.id, id))
      .returning(COLUMNS)
    await recordChange(tx, {
      userId,
      entity: TAX_RATE_ENTITY,
      entityId: id,
      action: 'update',
      before: logged(rate),
      after: logged(row),
    })
    return row
  })
}

/**
 * DELETE /api/taxes/{id} and the screen's Delete: only a rate without an end date; the previous rate of
 * its state and field becomes current again (its end date removed), in the same transaction.
 */
export async function deleteTaxRate(
  db: DbOrTx,
  id: number,
  userId: number | null,
): Promise<{ deleted: TaxRateRow; restored: TaxRateRow | null }> {
  return inTransaction(db, async (tx) => {
    const { rate, series } = await lockedRate(tx, id)
    const { restores } = planned(planDelete(series, rate))
    await tx.delete(taxRates).where(eq(taxRates.id, id))
    await recordChange(tx, { userId, entity: TAX_RATE_ENTITY, entityId: id, action: 'delete', before: logged(rate) })
    let restored: TaxRateRow | null = null
    if (restores) {
      ;[restored] = await tx
        .update(taxRates)
        .set({ end_date: null, version: sql`${taxRates.version} + 1` })
        .where(eq(taxRates.id, restores.id))
        .returning(COLUMNS)
      await recordChange(tx, {
        userId,
        entity: TAX_RATE_ENTITY,
        entityId: restores.id,
        action: 'update',
        before: logged(restores),
        after: logged(restored),
      })
    }
    return { deleted: rate, restored }
  })
}
