import { createHash } from 'node:crypto'
import { type SQL } from 'drizzle-orm'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { noteDatabaseBack, noteDatabaseLost } from './availability.server'
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

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it is
 * answered 503: a server that does not answer at all (a network cut, a host gone) would otherwise
 * hold every request for as long as the kernel retries.
 */
const CONNECT_TIMEOUT_MS = 10_000

/**
 * A pool of connections to `connectionString`. A connection PostgreSQL ends (a restart, a failover,
 * `pg_terminate_backend`) fails only the request that holds it: every client gets an error listener
 * for its whole life (node-postgres removes the pool's own while a client is checked out, and an
 * 'error' event with no listener ends the process), the query in flight rejects, the transaction's
 * rollback fails with it, and the pool discards the client on release (it is no longer queryable).
 * New connections are made on demand, so the pool recovers by itself when the server is back.
 */
export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: SESSION_OPTIONS,
    // Named in pg_stat_activity; an application_name in the URL wins.
    application_name: 'mga-desk',
  })
  // An idle client's error (the pool then drops it): one log line per outage, not a stack per client.
  pool.on('error', (error) => noteDatabaseLost(error))
  const prepare = preparedStatementsOn()
  pool.on('connect', (client) => {
    noteDatabaseBack()
    client.on('error', (error) => noteDatabaseLost(error))
    nameStatements(client, prepare)
  })
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

/**
 * Prepared statements. PostgreSQL planned each of a page's statements afresh: the session statement
 * alone took 1.4 ms of planning for 0.2 ms of work, a note by its id 0.5 ms for 0.03, the programs list
 * (five joins) 3.3 ms, on every request. A prepared statement is parsed once per connection, and after
 * five runs PostgreSQL keeps its generic plan when that plan costs no more than the plans made for the
 * values (`plan_cache_mode` auto); otherwise it goes on planning for each run's values.
 *
 * Which statements are prepared:
 * - those whose plan does not depend on the values (`valueInsensitive`): they compare only by
 *   equality (a key, an owner, a list of ids or types), with no text pattern (LIKE, ILIKE, regular
 *   expressions, trigram operators), no range (<, >, BETWEEN) and no sampling;
 * - those the code marks: a drizzle query's own `.prepare(label)` run with `.execute()`, or a raw
 *   statement through `executePrepared(db, label, sql)`. Mark a statement whose comparisons do not
 *   steer its plan (the session statement compares times it computes, not indexed columns).
 * Searches by text and by date stay unprepared: each is planned for its own values.
 *
 * The name on the connection is a hash of the text, so one label over texts that differ (an IN list of
 * another length) is safe. A connection keeps at most MAX_NAMED_PER_CONNECTION statements; past that,
 * new texts run unnamed. `DB_PREPARED_STATEMENTS=off` turns it off (a pooler in transaction mode that
 * does not carry prepared statements, such as PgBouncer before 1.21).
 */
export const MAX_NAMED_PER_CONNECTION = 100

function preparedStatementsOn(): boolean {
  return (process.env.DB_PREPARED_STATEMENTS ?? 'on').toLowerCase() !== 'off'
}

const UTILITY =
  /^\s*(begin|start|commit|end|rollback|savepoint|release|set|reset|show|lock|listen|notify|unlisten|discard|prepare|execute|deallocate|explain|analyze|vacuum|create|alter|drop|truncate|grant|revoke|copy|do)\b/i
const VALUE_SENSITIVE = /\b(i?like|similar\s+to|between|tablesample)\b|[<>~%]|@@|&&/i

/**
 * Whether a statement's best plan stays the same whatever its values: equality comparisons only.
 * `<>` (not equal) and JSON's `->`, `->>` are not ranges; string literals are left out of the test.
 * Several statements in one text (a migration's chunk, a script) are never prepared: a prepared
 * statement holds one command.
 */
export function valueInsensitive(text: string): boolean {
  if (UTILITY.test(text)) return false
  const code = text.replace(/'(?:[^']|'')*'/g, "''").replace(/<>|->>|->/g, ' ')
  if (/;\s*\S/.test(code)) return false
  return !VALUE_SENSITIVE.test(code)
}

const statementNames = new Map<string, string | null>()

/** The name a statement's text is prepared under (the same on every connection), or null when it is not prepared. */
export function statementName(text: string, marked: boolean): string | null {
  let name = statementNames.get(text)
  if (name === undefined) {
    name =
      marked || valueInsensitive(text)
        ? `mga_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`
        : null
    if (statementNames.size >= 2_000) statementNames.clear()
    statementNames.set(text, name)
  }
  // A text first seen unmarked and later marked is prepared from then on.
  if (name === null && marked) {
    statementNames.delete(text)
    return statementName(text, true)
  }
  return name
}

type QueryConfigLike = { name?: string; text: string }

/** Names a pool client's statements as above, within the connection's allowance (none when `prepare` is off). */
function nameStatements(client: pg.PoolClient, prepare: boolean) {
  const named = new Set<string>()
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object' && typeof (config as QueryConfigLike).text === 'string') {
      const statement = config as QueryConfigLike
      const name = prepare
        ? statementName(statement.text, typeof statement.name === 'string' && statement.name !== '')
        : null
      const allowed = name !== null && (named.has(name) || named.size < MAX_NAMED_PER_CONNECTION)
      if (allowed) named.add(name)
      if (allowed || statement.name !== undefined)
        return query({ ...statement, name: allowed ? name : undefined }, ...rest)
    }
    return query(config, ...rest)
  }) as typeof client.query
}

const dialect = new PgDialect()

/** Runs a raw statement as a prepared statement (see above); `db.execute` for statements that are not. */
export async function executePrepared<T extends Record<string, unknown>>(
  db: DbOrTx,
  label: string,
  query: SQL,
): Promise<pg.QueryResult<T>> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, label, false)
  return (await prepared.execute()) as pg.QueryResult<T>
}

export { schema }
