import { getDb } from '#app/db/client.server'

/** This test file's own database (cloned from the seeded template by setup-file.ts). */
export const testDb = () => getDb()
