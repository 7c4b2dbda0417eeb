import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { hashPassword } from '#app/domain/password-hash.server'
import type { Db, DbOrTx } from '../client.server'
import * as schema from '../schema'
import { createContext, type SeedContext } from './context'
import { generateDemoData } from './generate.server'
import type { JobClosure } from './notes'
import { STAFF } from './staff'

export interface SeedOptions {
  /** Multiplies the firm, people, note, policy, claim and file counts (1 is about 600 firms). */
  scale?: number
  log?: (message: string) => void
  /** The reference "today"; defaults to now. Tests pin it to compare runs across midnight. */
  today?: Date
}

/** True while the database has no users: the server seeds it on first start. */
export async function isEmpty(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: schema.users.id }).from(schema.users).limit(1)
  return rows.length === 0
}

const SEED_LOCK = 724_002

/**
 * Fills an empty, migrated database with deterministic demo data in one transaction. Reference data
 * (states, roundings, session types, session note types) comes from the migrations. Several app
 * instances may start at once: the first takes the lock and seeds, the others find data and skip.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? (() => {})
  const ctx = createContext(options.scale ?? 1, options.today ?? new Date())

  // Hash outside the transaction: each distinct password once, in parallel on libuv's pool.
  const passwords = [...new Set(STAFF.map((staff) => staff.password))]
  const hashes = new Map(await Promise.all(passwords.map(async (plain) => [plain, await hashPassword(plain)] as const)))

  // One connection of the app's pool for the whole seed: the rows go in with COPY, which needs the
  // connection itself, in the same transaction as Drizzle's statements.
  const client = await poolOf(db).connect()
  try {
    const tx = drizzle(client, { schema })
    await client.query('BEGIN')
    try {
      const seeded = await load(tx, client, ctx, hashes, log)
      await client.query('COMMIT')
      if (!seeded) return
    } catch (error) {
      await client.query('ROLLBACK')
      throw error
    }
    // Fresh statistics and visibility maps: without them the planner guesses, and index-only scans
    // (the job counts) read the heap, until autovacuum comes round.
    const started = Date.now()
    await client.query('VACUUM (ANALYZE)')
    log(`vacuumed and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    client.release()
  }
}

/** The seed's transaction: false when another instance seeded first. */
async function load(
  tx: DbOrTx,
  client: pg.PoolClient,
  ctx: SeedContext,
  hashes: ReadonlyMap<string, string>,
  log: (message: string) => void,
): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`)
  if (!(await isEmpty(tx))) {
    log('The database already has users: demo data not generated.')
    return false
  }
  // Secondary indexes are built once after the load (a GIN trigram index maintained row by row is
  // most of a large seed's time); the transaction makes them invisible until they are back.
  await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`)
  const indexes = await dropSecondaryIndexes(tx)
  // Foreign keys too: checked row by row they look up and lock the referenced row (three lookups
  // for every note); added back after the load, each is checked by one join over the tables.
  const foreignKeys = await dropForeignKeys(tx)
  const loader = new Loader(tx, client)
  let stepStarted = Date.now()
  // The generator hands out one batch at a time; the loader sends it and the generator builds the
  // next while PostgreSQL writes, so memory holds about two batches whatever the scale.
  for (const batch of generateDemoData(ctx, hashes)) {
    if (batch.kind === 'rows') await loader.insert(batch.table, batch.rows)
    else if (batch.kind === 'close jobs') await loader.closeJobs(batch.closures)
    else {
      await loader.drain()
      log(`${batch.name}: ${loader.report()} in ${((Date.now() - stepStarted) / 1000).toFixed(1)} s (${memory()})`)
      stepStarted = Date.now()
    }
  }
  await loader.drain()
  // Fire the triggers deferred to commit now (the bulletins version, migration 0027): a table with
  // pending trigger events cannot take an index.
  await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`)

  const indexStarted = Date.now()
  for (const index of indexes) {
    await tx.execute(sql.raw(index.definition))
    for (const statement of index.statistics) await tx.execute(sql.raw(statement))
  }
  log(`${indexes.length} indexes built in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`)
  const keysStarted = Date.now()
  for (const key of foreignKeys)
    await tx.execute(sql.raw(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`))
  log(`${foreignKeys.length} foreign keys checked in ${((Date.now() - keysStarted) / 1000).toFixed(1)} s`)

  // Ids were given explicitly; move each sequence past them so new rows do not collide.
  for (const column of [
    schema.users.id,
    schema.authGroups.id,
    schema.scopes.id,
    schema.userSessions.id,
    schema.sessionNotes.id,
    schema.listItems.lst_id,
    schema.contacts.cid,
    schema.firms.fid,
    schema.people.plid,
    schema.programs.prid,
    schema.contracts.id,
    schema.policies.pid,
    schema.ledgers.lid,
    schema.claims.clid,
    schema.claimLedger.id,
    schema.notes.nid,
    schema.tranlogs.id,
    schema.fileObjects.loid,
    schema.fileLinks.loidfid,
    schema.taxRates.id,
    schema.commissionRules.id,
    schema.mgaBilling.id,
    schema.producerCommissions.id,
  ]) {
    await resetSequence(tx, column)
  }
  return true
}

/** The pool under the app's Drizzle database (createDb builds it on a pg.Pool). */
function poolOf(db: Db): pg.Pool {
  const pool: unknown = (db as { $client?: unknown }).$client
  if (!(pool instanceof pg.Pool)) throw new Error('The seed needs a database built on a pg.Pool (createDb)')
  return pool
}

function memory(): string {
  return `RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`
}

/**
 * Writes the generator's batches, one statement in flight while the next batch is built. Rows go in
 * with COPY (text format): a third of the server's time of the json_populate_recordset INSERT it
 * replaced (90,000 notes: 0.4 s against 1.3 s). Tables with array or JSON columns (a few dozen rows
 * of rates and users) keep the INSERT, whose JSON carries those types as they are.
 */
class Loader {
  private pending: Promise<unknown> | undefined
  private readonly counts = new Map<string, number>()

  constructor(
    private readonly tx: DbOrTx,
    private readonly client: pg.PoolClient,
  ) {}

  async insert(table: PgTable, rows: readonly object[]) {
    if (rows.length === 0) return
    const name = getTableName(table)
    this.counts.set(name, (this.counts.get(name) ?? 0) + rows.length)
    const columns = Object.entries(getTableColumns(table))
    if (columns.every(([, column]) => copyable(column)))
      return this.copy(table, columns, rows as Record<string, unknown>[])
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const chunk = rows.slice(start, start + CHUNK_ROWS) as Record<string, unknown>[]
      // Only the columns some row gives: the others take their defaults, as in an INSERT.
      const present = columns.filter(([key]) => chunk.some((row) => row[key] !== undefined))
      const names = sql.join(
        present.map(([, column]) => sql.identifier(column.name)),
        sql`, `,
      )
      const json = JSON.stringify(chunk.map((row) => toRecord(row, present)))
      await this.pending
      this.pending = inFlight(
        this.tx.execute(
          sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${json}::json)`,
        ),
      )
    }
  }

  private async copy(table: PgTable, columns: [string, PgColumn][], rows: Record<string, unknown>[]) {
    // Only the columns some row gives: the others take their defaults, as in an INSERT.
    const present = columns.filter(([key]) => rows.some((row) => row[key] !== undefined))
    const lines: string[] = []
    for (const row of rows) lines.push(Object.values(toRecord(row, present)).map(copyText).join('\t'))
    const text = `${lines.join('\n')}\n`
    const names = present.map(([, column]) => `"${column.name}"`).join(', ')
    await this.pending
    const stream = this.client.query(copyFrom(`COPY "${getTableName(table)}" (${names}) FROM STDIN`))
    this.pending = inFlight(
      new Promise<void>((resolve, reject) => {
        stream.on('finish', resolve)
        stream.on('error', reject)
      }),
    )
    stream.end(text)
  }

  /** Marks old open jobs done or cancelled, as closeJob does to rows in memory. */
  async closeJobs(closures: readonly JobClosure[]) {
    if (closures.length === 0) return
    this.counts.set('closed jobs', (this.counts.get('closed jobs') ?? 0) + closures.length)
    const json = JSON.stringify(closures)
    await this.pending
    this.pending = inFlight(
      this.tx.execute(sql`
      UPDATE ${schema.notes} AS n
         SET status = c.status, closer = c.closer, taken = NULL,
             tasks = CASE WHEN n.tasks <> '' THEN c.line || chr(10) || n.tasks ELSE n.tasks END
        FROM json_to_recordset(${json}::json) AS c(nid integer, status text, closer text, line text)
       WHERE n.nid = c.nid`),
    )
  }

  async drain() {
    await this.pending
    this.pending = undefined
  }

  /** Rows written since the last report, by table. */
  report(): string {
    const text = [...this.counts].map(([name, count]) => `${count} ${name}`).join(', ')
    this.counts.clear()
    return text
  }
}

const CHUNK_ROWS = 5000

/**
 * Starts a statement now (Drizzle's queries run when awaited) and lets it fail before it is awaited
 * without an unhandled rejection: the loader awaits it before the next statement, which rethrows.
 */
function inFlight(query: PromiseLike<unknown>): Promise<unknown> {
  const started = Promise.resolve(query)
  started.catch(() => {})
  return started
}

/** Whether COPY's text format carries the column's values as they are (not arrays, not JSON). */
function copyable(column: PgColumn): boolean {
  const type = column.getSQLType()
  return !type.endsWith(']') && !type.startsWith('json')
}

/** A value in COPY's text format: \N for null, and backslash, tab and line breaks escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'string') return value.replace(/[\\\t\n\r]/g, (match) => COPY_ESCAPES[match])
  throw new Error(`No COPY text for a ${typeof value}`)
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/**
 * Indexes the load's own triggers read by, kept through it: the renewal priors (migration 0026)
 * refresh each policies statement's firms from their other policies, and without these every batch
 * read the whole of both tables, so the load grew with the square of the policies (scale 10: 7.3 s
 * of a 28 s seed; scale 100: firms and policies over 9 minutes, 112 s with them kept).
 */
const READ_BY_LOAD_TRIGGERS = ['policies_fid_status_idx', 'renewal_priors_fid_idx'] as const

/** Drops the public schema's indexes that back no constraint and answers what builds each back. */
async function dropSecondaryIndexes(tx: DbOrTx): Promise<IndexDefinition[]> {
  // A column's statistics target set on an index (migration 0009) is not in its definition: kept apart.
  const result = await tx.execute<{ name: string; definition: string; statistics: string[] }>(sql`
    SELECT i.indexname AS name, i.indexdef AS definition,
           ARRAY(SELECT format('ALTER INDEX %I.%I ALTER COLUMN %s SET STATISTICS %s', i.schemaname, i.indexname, a.attnum, a.attstattarget)
                   FROM pg_attribute a
                  WHERE a.attrelid = format('%I.%I', i.schemaname, i.indexname)::regclass AND a.attnum > 0 AND a.attstattarget >= 0
                  ORDER BY a.attnum) AS statistics
      FROM pg_indexes i
     WHERE i.schemaname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
       AND i.indexname NOT IN ${[...READ_BY_LOAD_TRIGGERS]}`)
  for (const row of result.rows) await tx.execute(sql.raw(`DROP INDEX "public"."${row.name}"`))
  return result.rows.map((row) => ({ definition: row.definition, statistics: row.statistics }))
}

interface IndexDefinition {
  definition: string
  /** ALTER INDEX … SET STATISTICS statements of its columns. */
  statistics: string[]
}

interface ForeignKey {
  /** Quoted, schema-qualified. */
  table: string
  /** Quoted. */
  name: string
  definition: string
}

/** Drops the public schema's foreign keys and answers what adds each back, as it was. */
async function dropForeignKeys(tx: DbOrTx): Promise<ForeignKey[]> {
  const result = await tx.execute<{ table: string; name: string; definition: string }>(sql`
    SELECT c.conrelid::regclass::text AS table, quote_ident(c.conname) AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
     ORDER BY c.conrelid::regclass::text, c.conname`)
  for (const key of result.rows) await tx.execute(sql.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`))
  return result.rows
}

/**
 * One row as JSON-ready values keyed by SQL column name. A key the row leaves out takes the column's
 * default, as it would in an INSERT; only literal defaults can be filled in here.
 */
function toRecord(row: Record<string, unknown>, columns: [string, PgColumn][]): Record<string, unknown> {
  const record: Record<string, unknown> = {}
  for (const [key, column] of columns) {
    let value = row[key]
    if (value === undefined) {
      if (!column.hasDefault) value = null
      else if (column.default !== undefined && !is(column.default, SQL)) value = column.default
      else throw new Error(`Seed rows of ${getTableName(column.table)} must all give ${key} or none of them`)
    }
    // bytea takes PostgreSQL's hex format; Dates serialise as ISO text already.
    record[column.name] = Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value
  }
  return record
}

async function resetSequence(tx: DbOrTx, column: AnyPgColumn) {
  const table = getTableName(column.table)
  const name = sql.raw(`"${column.name}"`)
  const from = sql.raw(`"${table}"`)
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, ${column.name}), coalesce(max(${name}), 1), max(${name}) IS NOT NULL) FROM ${from}`,
  )
}
