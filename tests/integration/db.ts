import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { changeLog, policies } from '#app/db/schema'

/** This test file's own database (cloned from the seeded template by setup-file.ts). */
export const testDb = () => getDb()

/** The change log's lines of one record (an entity name and its id), in the order the database keeps them. */
export const changeLogOf = (entity: string, id: number | string) =>
  testDb()
    .select()
    .from(changeLog)
    .where(and(eq(changeLog.entity, entity), eq(changeLog.entityId, String(id))))

/** A policy of the seeded background data that has what a test needs: the first, or the newest, that matches. */
export async function seededPolicy(where: SQL, which: 'first' | 'newest' = 'first') {
  const [policy] = await testDb()
    .select()
    .from(policies)
    .where(where)
    .orderBy(which === 'newest' ? desc(policies.pid) : asc(policies.pid))
    .limit(1)
  if (!policy) throw new Error('No seeded policy matches')
  return policy
}
