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

/**
 * Each query on one core: a page's query is small, and many pages run at once. A parallel plan (a
 * Gather over a sort of a few thousand matches) cost the people search three processes' CPU for one
 * answer, and every other request on the machine waited for them.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0'

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, options: SESSION_OPTIONS })
  pool.on('error', (error) => console.error('[db] idle client error', error))
  if (slowQueryMs() > 0) logSlowQueries(pool, slowQueryMs())
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

/**
 * Queries slower than this many milliseconds are logged with their plan: `SLOW_QUERY_MS`, by default
 * 20 under `npm run dev` (NODE_ENV=development), 0 (off) otherwise.
 */
function slowQueryMs(): number {
  if (process.env.SLOW_QUERY_MS !== undefined) return Number(process.env.SLOW_QUERY_MS) || 0
  return process.env.NODE_ENV === 'development' ? 20 : 0
}

/** Times each pool query; a slow one is logged with its EXPLAIN (plan only: nothing runs twice). */
function logSlowQueries(pool: pg.Pool, thresholdMs: number) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>
  pool.query = (async (...args: unknown[]) => {
    const t0 = performance.now()
    const result = await query(...args)
    const ms = performance.now() - t0
    if (ms > thresholdMs) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
      const text = typeof first === 'string' ? first : first.text
      const values = typeof first === 'string' ? second : (first.values ?? second)
      const plan = await query(`EXPLAIN ${text}`, values).then(
        (explained) => explained.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'),
        (error: unknown) => `(no plan: ${error instanceof Error ? error.message : String(error)})`,
      )
      console.warn(`[db] slow query ${ms.toFixed(1)} ms: ${text.replace(/\s+/g, ' ').slice(0, 500)}\n${plan}`)
    }
    return result
  }) as typeof pool.query
}

export { schema }
