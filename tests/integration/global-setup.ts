import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb } from '#app/db/client.server'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#app/db/embedded.server'
import { runMigrations } from '#app/db/migrate.server'
import { seed } from '#app/db/seed/index.server'

export const TEMPLATE_DB = 'mga_test_template'

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string
    templateDb: string
  }
}

/**
 * One PostgreSQL for the integration run: the server named by DATABASE_URL (CI's PostgreSQL 15), or
 * an embedded PostgreSQL 18 under data/test-pg. A template database is migrated and seeded once;
 * each test file then clones it (CREATE DATABASE … TEMPLATE), so files stay independent and fast.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.resolve('data/test-pg') })
    adminUrl = embedded.url
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await dropStaleDatabases(admin)
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`)
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB)
  const { db, pool } = createDb(templateUrl, 2)
  await runMigrations(pool)
  await seed(db, { scale: 1 })
  await pool.end()
  await admin.end()

  project.provide('adminUrl', adminUrl)
  project.provide('templateDb', TEMPLATE_DB)

  return async () => {
    if (embedded) await embedded.stop()
  }
}

async function dropStaleDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'mga_test_file_%'`,
  )
  for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`)
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
