import { and, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { changeLog } from '#app/db/schema'

/** This test file's own database (cloned from the seeded template by setup-file.ts). */
export const testDb = () => getDb()

/** The change log's lines of one record (an entity name and its id), in the order the database keeps them. */
export const changeLogOf = (entity: string, id: number | string) =>
  testDb()
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, String(id))))
