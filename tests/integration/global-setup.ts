import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb } from '#app/db/client.server'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '#app/db/embedded.server'
import { runMigrations } from '#app/db/migrate.server'
import { seed } from '#app/db/seed/index.server'
import { dropTestDatabase } from './drop-database'
import { appRole, withDatabase } from './urls'

export const TEMPLATE_DB = 'mga_test_template'

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string
    appUrl: string
    templateDb: string
  }
}

/**
 * One PostgreSQL for the integration run: the server named by DATABASE_URL (CI's PostgreSQL 15, role
 * mga_ci: CREATEDB, no superuser), or an embedded PostgreSQL 18 under data/test-pg, where the superuser
 * creates the databases and the app's role (mga_app) owns them and is the one the tests and the code
 * under test connect as. A template database is migrated and seeded once as the app's role; each test
 * file then clones it (CREATE DATABASE … TEMPLATE … OWNER), so files stay independent and fast.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined
  let adminUrl: string
  let appUrl: string
  if (process.env.DATABASE_URL) {
    adminUrl = appUrl = process.env.DATABASE_URL
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.resolve('data/test-pg') })
    adminUrl = embedded.superuserUrl
    appUrl = embedded.url
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await dropStaleDatabases(admin)
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`)
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB} OWNER ${appRole(appUrl)}`)
  const templateUrl = withDatabase(appUrl, TEMPLATE_DB)
  const { db, pool } = createDb(templateUrl, 2)
  await runMigrations(pool)
  await seed(db, { scale: 1 })
  await pool.end()
  await admin.end()

  project.provide('adminUrl', adminUrl)
  project.provide('appUrl', appUrl)
  project.provide('templateDb', TEMPLATE_DB)

  return async () => {
    if (embedded) await embedded.stop()
  }
}

async function dropStaleDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'mga_test_file_%'`,
  )
  for (const row of rows) await dropTestDatabase(admin, row.datname)
}
