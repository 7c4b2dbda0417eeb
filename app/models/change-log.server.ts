import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { changeLog, users } from '#app/db/schema'
import { ConflictError, NotFoundError } from '#app/domain/errors'
import type { HistoryEntry } from '#app/domain/history'
import { isUniqueViolation } from './unique-violation.server'

/** Who changed which record, when, and its values before and after (one row per change). */
export async function recordChange(
  db: DbOrTx,
  change: {
    userId: number | null
    entity: string
    entityId: string | number
    action: 'create' | 'update' | 'delete' | 'link' | 'unlink'
    before?: unknown
    after?: unknown
  },
): Promise<void> {
  await db.insert(changeLog).values({
    userId: change.userId,
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    before: change.before ?? null,
    after: change.after ?? null,
  })
}

/** What every row carries that is not its content: a save is no change for these alone. */
const BOOKKEEPING = new Set(['version', 'updatedAt', 'createdAt'])

/**
 * The fields an update changed, as PostgreSQL stores them (an amount typed 2500.5 is the stored
 * 2500.50), its version and timestamps aside. Empty: the save changed nothing.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...fields].filter(
    (field) =>
      !BOOKKEEPING.has(field) && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
  )
}

/**
 * Runs a save in a transaction (`save` gets it); when the save finds that it changed nothing, it
 * throws `new Unchanged(before)`: the transaction is rolled back, so no new version (a colleague's
 * open copy stays current) and no empty line in the change log, and the row as it was is answered.
 */
export async function saveUnlessUnchanged<Row>(db: DbOrTx, save: (tx: DbOrTx) => Promise<Row>): Promise<Row> {
  try {
    return await db.transaction(save)
  } catch (error) {
    if (error instanceof Unchanged) return error.row as Row
    throw error
  }
}

export class Unchanged<Row> extends Error {
  constructor(readonly row: Row) {
    super('The save changed nothing.')
  }
}

// The conflict and not-found refusals are the domain's error family (app/domain/errors.ts).
export { ConflictError, NotFoundError }

/**
 * A change of a row that is logged as a screen reads it (`read`: its names beside its ids, so the history
 * reads as the table does): the row before, `change`, and the row after (none after a delete).
 */
export async function changeLoggedAs<Row>(
  tx: DbOrTx,
  log: { userId: number | null; entity: string; entityId: number; action: 'update' | 'delete' },
  read: (tx: DbOrTx, id: number) => Promise<Row | null>,
  change: () => Promise<unknown>,
): Promise<void> {
  const before = await read(tx, log.entityId)
  await change()
  const after = log.action === 'delete' ? undefined : await read(tx, log.entityId)
  await recordChange(tx, { ...log, before, after })
}

/**
 * A table edited row by row and logged as a screen reads its rows (MGA billing, producer commissions):
 * `lock` a row for a change (missing: 404; a stale version, when one is sent: 409 with the row as `read`
 * has it and the table's message), and log a `change` with the row before and after.
 */
export function loggedRows<T extends Versioned, Row>(spec: {
  table: T
  key: PgColumn
  entity: string
  read: (tx: DbOrTx, id: number) => Promise<Row | null>
  notFound: string
  conflict: string
}) {
  return {
    lock: (tx: DbOrTx, id: number, version: number | undefined) =>
      lockVersion(
        tx,
        { table: spec.table, key: spec.key, id, version, entity: spec.entity, notFound: spec.notFound },
        { current: () => spec.read(tx, id), message: spec.conflict },
      ),
    /**
     * A new row: its references checked (`check`, in the transaction), refused as `duplicate` where a row
     * matches `taken` (or a unique index refuses it: a race the check lost), inserted and logged as `read` has it.
     */
    create: async (
      db: DbOrTx,
      userId: number | null,
      row: { check: (tx: DbOrTx) => Promise<void>; taken: SQL | undefined; values: T['$inferInsert'] },
      duplicate: () => Error,
    ) => {
      try {
        const id = await db.transaction(async (tx) => {
          await row.check(tx)
          const [taken] = await tx
            .select({ id: spec.key })
            .from(spec.table as PgTable)
            .where(row.taken)
          if (taken) throw duplicate()
          const [inserted] = await tx
            .insert(spec.table as PgTable)
            .values(row.values as never)
            .returning({ id: spec.key })
          const id = inserted!.id as number
          await recordChange(tx, {
            userId,
            entity: spec.entity,
            entityId: id,
            action: 'create',
            after: await spec.read(tx, id),
          })
          return id
        })
        return (await spec.read(db, id))!
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate()
        throw error
      }
    },
    change: (
      tx: DbOrTx,
      userId: number | null,
      id: number,
      action: 'update' | 'delete',
      change: () => Promise<unknown>,
    ) => changeLoggedAs(tx, { userId, entity: spec.entity, entityId: id, action }, spec.read, change),
  }
}

// ── Reading a record's history ─────────────────────────────────────────────────────────────────────

export type { HistoryEntry }

/** A logged change's fields, before and after: the change log's own comparison (changedFields). */
function diff(before: unknown, after: unknown): HistoryEntry['changes'] {
  const a = (before ?? {}) as Record<string, unknown>
  const b = (after ?? {}) as Record<string, unknown>
  return changedFields(a, b).map((field) => ({ field, before: a[field] ?? null, after: b[field] ?? null }))
}

/**
 * The history of one record (`entity` and its id), newest first, at most `limit` rows (the index
 * change_log_entity_idx serves it); `where` replaces the one-record filter for a record whose history
 * spans several entities (a claim and its ledger rows).
 */
export async function recordHistory(
  db: DbOrTx,
  of: { entity: string; entityId: string | number } | { where: SQL },
  limit = 50,
): Promise<HistoryEntry[]> {
  const where =
    'where' in of
      ? of.where
      : sql`${changeLog.entity} = ${of.entity} AND ${changeLog.entityId} = ${String(of.entityId)}`
  const rows = await db
    .select({
      id: changeLog.id,
      at: changeLog.at,
      username: users.username,
      entity: changeLog.entity,
      action: changeLog.action,
      before: changeLog.before,
      after: changeLog.after,
    })
    .from(changeLog)
    .leftJoin(users, eq(users.id, changeLog.userId))
    .where(where)
    .orderBy(desc(changeLog.at), desc(changeLog.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    username: row.username,
    entity: row.entity,
    action: row.action,
    changes: diff(row.before, row.after),
  }))
}

// ── Saving a versioned record ──────────────────────────────────────────────────────────────────────

type Versioned = PgTable & { version: PgColumn }

/**
 * A versioned record as an edit names it: its table and key column, its id, the version the editor
 * read, the entity the change log files it under, and the message of the refusal when it is missing.
 */
export interface VersionedRecord<T extends Versioned> {
  table: T
  key: PgColumn
  id: number
  /** The version read; undefined where an API call names none (any version is taken). */
  version: number | undefined
  entity: string
  notFound: string
}

/** How a refused stale save answers: the record the 409 carries (the row as it is now by default), and its message. */
export interface StaleAnswer<Row> {
  current?: (tx: DbOrTx, now: Row) => unknown
  message?: string
}

/**
 * The record locked for update (in a transaction): a missing one is refused (NotFoundError), and so
 * is one saved since `record.version` was read (ConflictError carrying what `stale.current` makes of it).
 */
export async function lockVersion<T extends Versioned>(
  tx: DbOrTx,
  record: VersionedRecord<T>,
  stale: StaleAnswer<T['$inferSelect']> = {},
): Promise<T['$inferSelect']> {
  const [before] = (await tx
    .select()
    .from(record.table as PgTable)
    .where(eq(record.key, record.id))
    .for('update')) as T['$inferSelect'][]
  if (!before) throw new NotFoundError(record.notFound)
  if (record.version !== undefined && before.version !== record.version) {
    throw new ConflictError(stale.current ? await stale.current(tx, before) : before, stale.message)
  }
  return before
}

/** Writes `values` on the version read (the version goes up by one) and logs the update, before and after. */
export async function writeVersion<T extends Versioned>(
  tx: DbOrTx,
  record: VersionedRecord<T>,
  before: T['$inferSelect'],
  values: Partial<T['$inferInsert']>,
  userId: number | null,
): Promise<T['$inferSelect']> {
  const [after] = (await tx
    .update(record.table as Versioned)
    .set({ ...values, version: sql`${record.table.version} + 1` } as never)
    .where(and(eq(record.key, record.id), eq(record.table.version, before.version)))
    .returning()) as T['$inferSelect'][]
  await recordChange(tx, { userId, entity: record.entity, entityId: record.id, action: 'update', before, after })
  return after as T['$inferSelect']
}

/**
 * One edit of a versioned record, in a transaction: locked and checked (lockVersion), `values` made
 * from the row as it is (they may check references or sanitise), written and logged (writeVersion);
 * a save that changes nothing is rolled back and answers the row as it was (saveUnlessUnchanged).
 */
export async function saveVersion<T extends Versioned>(
  db: DbOrTx,
  record: VersionedRecord<T>,
  edit: StaleAnswer<T['$inferSelect']> & {
    userId: number | null
    values: (tx: DbOrTx, before: T['$inferSelect']) => Partial<T['$inferInsert']> | Promise<Partial<T['$inferInsert']>>
  },
): Promise<T['$inferSelect']> {
  return saveUnlessUnchanged(db, async (tx) => {
    const before = await lockVersion(tx, record, edit)
    const after = await writeVersion(tx, record, before, await edit.values(tx, before), edit.userId)
    if (changedFields(before, after).length === 0) throw new Unchanged(before)
    return after
  })
}

/**
 * A user's change to their own account (password, MFA), logged on the user by the user: the
 * setting's state before and after (`{ mfa: 'off' }` → `{ mfa: 'on' }`), never its secret value.
 */
export async function recordAccountChange(
  db: DbOrTx,
  userId: number,
  before: Record<string, string>,
  after: Record<string, string>,
): Promise<void> {
  await recordChange(db, { userId, entity: 'user', entityId: userId, action: 'update', before, after })
}
