import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'
import { loadZipCounties } from './zip-counties.server'

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'app/db/migrations')
const MIGRATION_LOCK = 724_001

/** Applies the committed migrations (then the ZIP → county list when its package changed); an advisory lock keeps several app instances from racing. */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migrate(drizzle(client), { migrationsFolder })
      // Reference data from a maintained package, not from a migration (decision 0035).
      await loadZipCounties(client)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}
