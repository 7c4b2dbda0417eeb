import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>
/** A database or an open transaction: models accept either, so callers can compose writes. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0]

// Timestamps leave PostgreSQL as ISO text with zone and dates as YYYY-MM-DD text; numeric as string.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

type PoolRegistry = Set<pg.Pool>
const globalForDb = globalThis as typeof globalThis & { __mgaPools?: PoolRegistry; __mgaDb?: Db }

/** All pools created in this process, so the server can close them in order at shutdown. */
export function openPools(): PoolRegistry {
  globalForDb.__mgaPools ??= new Set()
  return globalForDb.__mgaPools
}

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 })
  pool.on('error', (error) => console.error('[db] idle client error', error))
  openPools().add(pool)
  const end = pool.end.bind(pool)
  pool.end = (async () => {
    openPools().delete(pool)
    await end()
  }) as typeof pool.end
  return { db: drizzle(pool, { schema }), pool }
}

/**
 * The application's database. The server starts (or finds) PostgreSQL and sets DATABASE_URL before
 * the app is imported, so the pool is created on first use.
 */
export function getDb(): Db {
  if (!globalForDb.__mgaDb) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start`.')
    globalForDb.__mgaDb = createDb(url, Number(process.env.DB_POOL_MAX ?? 10)).db
  }
  return globalForDb.__mgaDb
}

export { schema }
