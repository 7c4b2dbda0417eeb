/**
 * npx tsx scripts/seed-digest.ts
 *   prints, for every table and sequence of the database, its row count and a sha256 of its rows
 *   (each row as jsonb text, sorted), so two seeds (`npm run db:seed -- --today 2025-06-18`) can be
 *   compared with diff. Password hashes are left out (argon2 salts them at random on every seed), and
 *   the seed's own instant (the transaction's now(), which fills created_at and updated_at) is written
 *   as "seed-time", so a column that differs only by when the seed ran does not count as a change.
 * Uses DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR like scripts/db.ts.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'
import { runScript, withDatabase } from './database'

/** Columns whose values differ on every seed by design. */
const RANDOM_COLUMNS = ['password_hash']

async function main() {
  await withDatabase(async (url) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      // Every program row takes its created_at from the column default, the seed transaction's now().
      const instant = await client.query<{ json: string }>(
        `SELECT to_jsonb(min(created_at))::text AS json FROM public.programs`,
      )
      const seedTime = instant.rows[0]?.json ?? 'null'
      const tables = await client.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
      for (const { name } of tables.rows) {
        // Meant for scale 1 (the demo data), whose largest table fits in memory many times over.
        const drop = RANDOM_COLUMNS.map((column) => ` - '${column}'`).join('')
        const rows = await client.query<{ row: string }>({
          text: `SELECT replace((to_jsonb(x)${drop})::text, $1, '"seed-time"') AS row FROM public."${name}" x ORDER BY 1`,
          values: [seedTime],
        })
        const hash = createHash('sha256')
        for (const { row } of rows.rows) hash.update(row).update('\n')
        console.log(`${name.padEnd(28)} ${String(rows.rowCount).padStart(8)} ${hash.digest('hex')}`)
      }
      const sequences = await client.query<{ name: string; last: string; called: boolean }>(
        `SELECT sequencename AS name, last_value::text AS last, last_value IS NOT NULL AS called
         FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
      )
      for (const sequence of sequences.rows)
        console.log(`sequence ${sequence.name.padEnd(40)} ${sequence.last ?? 'unused'}`)
      // The seed drops indexes and foreign keys during its load: they must come back as they were (with
      // their columns' statistics targets).
      const schema = await client.query<{ line: string }>(`
      SELECT 'index ' || indexname || ': ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
      UNION ALL
      SELECT 'statistics ' || attrelid::regclass::text || ' ' || attnum || ': ' || attstattarget
        FROM pg_attribute WHERE attrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace) AND attnum > 0 AND attstattarget >= 0
      UNION ALL
      SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      ORDER BY 1`)
      const hash = createHash('sha256')
      for (const { line } of schema.rows) hash.update(line).update('\n')
      console.log(`indexes and constraints ${String(schema.rowCount).padStart(8)} ${hash.digest('hex')}`)
    } finally {
      await client.end()
    }
  })
}

runScript(main)
