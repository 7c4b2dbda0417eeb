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

// The conflict and not-found refusals are the domain's error family (app/domain/errors.ts).
export { ConflictError, NotFoundError } from '#app/domain/errors'
