import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { listItems, producerCommissions } from '#app/db/schema'
import { PRODUCER_MESSAGES, producerUpdate } from '#app/domain/billing'
import { RuleError } from '#app/domain/errors'
import { loggedRows, recordHistory, type HistoryEntry } from './change-log.server'
import { isUniqueViolation } from './unique-violation.server'

/**
 * Producer Rates (spec 1 §2.11, §3, §4, §7): a rate per producer (an entry of the `name` list) and
 * placement, and the one default rate (list_id null). The commission dialog reads the same table
 * (`producerRates` in rates.server.ts). Every change is in the change log, in its transaction.
 */

export const PRODUCER_RATE_ENTITY = 'producer_commission'

/** A rate as the screen and GET /api/producer_commissions show it. */
export interface ProducerRateRow {
  id: number
  /** The producer's `name` list entry; null for the default rate. */
  list_id: number | null
  /** The producer's name (the list's short); null for the default rate. */
  short: string | null
  /** The producer's full name (the list's long text). */
  long: string | null
  /** A fraction ('0.125000'). */
  commission: string
  renewal: boolean | null
  version: number
}

const ROW = {
  id: producerCommissions.id,
  list_id: producerCommissions.list_id,
  short: listItems.short,
  long: listItems.long,
  commission: producerCommissions.commission,
  renewal: producerCommissions.renewal,
  version: producerCommissions.version,
}

/** The rates as rows (ROW): each with its producer's list entry, none for the default rate. */
function rates(db: DbOrTx) {
  return db.select(ROW).from(producerCommissions).leftJoin(listItems, eq(listItems.lst_id, producerCommissions.list_id))
}

/**
 * Every rate, the default first, then by producer and placement (All, Renewal, New Business). The
 * table is a few rows per producer of one list, so it is not paged; the cap only bounds a runaway.
 */
export async function producerRateRows(db: DbOrTx): Promise<ProducerRateRow[]> {
  return rates(db)
    .orderBy(
      sql`${producerCommissions.list_id} IS NOT NULL`,
      asc(listItems.short),
      sql`${producerCommissions.renewal} IS NOT NULL`,
      sql`${producerCommissions.renewal} DESC`,
      asc(producerCommissions.id),
    )
    .limit(2000)
}

export async function getProducerRate(db: DbOrTx, id: number): Promise<ProducerRateRow | null> {
  const [row] = await rates(db).where(eq(producerCommissions.id, id))
  return row ?? null
}

/** The producers a rate can be made for: the active entries of the `name` list. */
export async function producerChoices(db: DbOrTx): Promise<{ lst_id: number; short: string; long: string | null }[]> {
  return db
    .select({ lst_id: listItems.lst_id, short: listItems.short, long: listItems.long })
    .from(listItems)
    .where(and(eq(listItems.type, 'name'), eq(listItems.active, true)))
    .orderBy(asc(listItems.sort), asc(listItems.short))
    .limit(2000)
}

const duplicate = () => new RuleError(PRODUCER_MESSAGES.duplicate, 409, { field: 'placement' })

/** POST /api/producer_commissions and the page's create: a producer's rate for a placement (one each). */
export async function createProducerRate(
  db: DbOrTx,
  input: { list_id: number; commission: string; renewal: boolean | null },
  userId: number | null,
): Promise<ProducerRateRow> {
  return RATES.create(
    db,
    userId,
    {
      check: async (tx) => {
        const [producer] = await tx
          .select({ lst_id: listItems.lst_id })
          .from(listItems)
          .where(and(eq(listItems.lst_id, input.list_id), eq(listItems.type, 'name')))
          .for('share')
        if (!producer) throw new RuleError(PRODUCER_MESSAGES.noProducer, 400, { field: 'list_id' })
      },
      taken: and(
        eq(producerCommissions.list_id, input.list_id),
        sql`${producerCommissions.renewal} IS NOT DISTINCT FROM ${input.renewal}`,
      ),
      values: input,
    },
    duplicate,
  )
}

/** A rate locked for a change, and a change logged with its producer's names (as the table shows it). */
const RATES = loggedRows({
  table: producerCommissions,
  key: producerCommissions.id,
  entity: PRODUCER_RATE_ENTITY,
  read: getProducerRate,
  notFound: PRODUCER_MESSAGES.missing,
  conflict: PRODUCER_MESSAGES.conflict,
})

/**
 * PUT /api/producer_commissions/{id} and a row's Save: the commission and placement (the producer is
 * fixed); the default rate is updated with only its commission.
 */
export async function updateProducerRate(
  db: DbOrTx,
  id: number,
  change: { commission: string; renewal?: boolean | null; version?: number },
  userId: number | null,
): Promise<ProducerRateRow> {
  try {
    await db.transaction(async (tx) => {
      const locked = await RATES.lock(tx, id, change.version)
      const set = producerUpdate(locked.list_id === null, change)
      const same =
        Number(locked.commission) === Number(set.commission) &&
        (set.renewal === undefined || set.renewal === locked.renewal)
      if (same) return
      await RATES.change(tx, userId, id, 'update', () =>
        tx
          .update(producerCommissions)
          .set({ ...set, version: sql`${producerCommissions.version} + 1` })
          .where(eq(producerCommissions.id, id)),
      )
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate()
    throw error
  }
  return (await getProducerRate(db, id))!
}

/** DELETE /api/producer_commissions/{id} and the page's confirmed Delete; the default rate stays. */
export async function deleteProducerRate(
  db: DbOrTx,
  id: number,
  userId: number | null,
  version?: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await RATES.lock(tx, id, version)
    if (locked.list_id === null) throw new RuleError(PRODUCER_MESSAGES.defaultKept, 409)
    await RATES.change(tx, userId, id, 'delete', () =>
      tx.delete(producerCommissions).where(eq(producerCommissions.id, id)),
    )
  })
}

/** A rate's history, newest first (the change log's one reader). */
export function producerRateHistory(db: DbOrTx, id: number): Promise<HistoryEntry[]> {
  return recordHistory(db, { entity: PRODUCER_RATE_ENTITY, entityId: id }, 50)
}
