import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'app/db/migrations')
const MIGRATION_LOCK = 724_001

/** Applies the committed migrations; an advisory lock keeps several app instances from racing. */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migrate(drizzle(client), { migrationsFolder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}
