import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { hashPassword } from '#app/auth/password.server'
import type { Db, DbOrTx } from '../client.server'
import * as schema from '../schema'
import { createContext } from './context'
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

  let seeded = false
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`)
    if (!(await isEmpty(tx))) {
      log('The database already has users: demo data not generated.')
      return
    }
    // Secondary indexes are built once after the load (a GIN trigram index maintained row by row is
    // most of a large seed's time); the transaction makes them invisible until they are back.
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`)
    const indexes = await dropSecondaryIndexes(tx)
    const loader = new Loader(tx)
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

    const indexStarted = Date.now()
    for (const definition of indexes) await tx.execute(sql.raw(definition))
    log(`${indexes.length} indexes built in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`)

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
    seeded = true
  })
  if (!seeded) return
  // Fresh statistics and visibility maps: without them the planner guesses, and index-only scans (the
  // job counts) read the heap, until autovacuum comes round.
  const started = Date.now()
  await db.execute(sql`VACUUM (ANALYZE)`)
  log(`vacuumed and analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

function memory(): string {
  return `RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Writes the generator's batches. Rows go in through json_populate_recordset: one parameter per chunk
 * instead of one per value (Drizzle's insert builder spent longer building a 1000-row statement than
 * PostgreSQL spent running it). One statement is in flight while the next chunk is built.
 */
class Loader {
  private pending: Promise<unknown> | undefined
  private readonly counts = new Map<string, number>()

  constructor(private readonly tx: Transaction) {}

  async insert(table: PgTable, rows: readonly object[]) {
    if (rows.length === 0) return
    const name = getTableName(table)
    this.counts.set(name, (this.counts.get(name) ?? 0) + rows.length)
    const columns = Object.entries(getTableColumns(table))
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
      this.pending = this.tx.execute(sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${json}::json)`)
    }
  }

  /** Marks old open jobs done or cancelled, as closeJob does to rows in memory. */
  async closeJobs(closures: readonly JobClosure[]) {
    if (closures.length === 0) return
    this.counts.set('closed jobs', (this.counts.get('closed jobs') ?? 0) + closures.length)
    const json = JSON.stringify(closures)
    await this.pending
    this.pending = this.tx.execute(sql`
      UPDATE ${schema.notes} AS n
         SET status = c.status, closer = c.closer, taken = NULL,
             tasks = CASE WHEN n.tasks <> '' THEN c.line || chr(10) || n.tasks ELSE n.tasks END
        FROM json_to_recordset(${json}::json) AS c(nid integer, status text, closer text, line text)
       WHERE n.nid = c.nid`)
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

/** Drops the public schema's indexes that back no constraint and answers their definitions. */
async function dropSecondaryIndexes(tx: Transaction): Promise<string[]> {
  const result = await tx.execute<{ name: string; definition: string }>(sql`
    SELECT i.indexname AS name, i.indexdef AS definition
      FROM pg_indexes i
     WHERE i.schemaname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`)
  for (const row of result.rows) await tx.execute(sql.raw(`DROP INDEX "public"."${row.name}"`))
  return result.rows.map((row) => row.definition)
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

async function resetSequence(tx: Transaction, column: AnyPgColumn) {
  const table = getTableName(column.table)
  const name = sql.raw(`"${column.name}"`)
  const from = sql.raw(`"${table}"`)
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, ${column.name}), coalesce(max(${name}), 1), max(${name}) IS NOT NULL) FROM ${from}`,
  )
}
