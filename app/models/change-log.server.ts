import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { changeLog, users } from '#app/db/schema'

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
export { ConflictError, NotFoundError } from '#app/domain/errors'

// ── Reading a record's history ─────────────────────────────────────────────────────────────────────

/** One logged change as a screen shows it: who, when, what, and each field before and after. */
export interface HistoryEntry {
  id: number
  at: string
  username: string | null
  entity: string
  action: string
  /** The fields that changed, with their values before and after. */
  changes: { field: string; before: unknown; after: unknown }[]
}

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
