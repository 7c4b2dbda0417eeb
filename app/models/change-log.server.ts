import type { DbOrTx } from '#app/db/client.server'
import { changeLog } from '#app/db/schema'

/** Who changed which record, when, and its values before and after (one row per change). */
export async function recordChange(
  db: DbOrTx,
  change: { userId: number | null; entity: string; entityId: string | number; action: 'create' | 'update' | 'delete' | 'link' | 'unlink'; before?: unknown; after?: unknown },
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

/** A typed outcome for a write that lost an optimistic-locking race: the record as it is now. */
export class ConflictError<T> extends Error {
  constructor(
    readonly current: T,
    message = 'Someone else saved this record after you opened it. Your changes were not saved; the form now shows the current values.',
  ) {
    super(message)
  }
}

export class NotFoundError extends Error {
  name = 'NotFoundError'
}
