import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { createDb, type Db } from '#app/db/client.server'
import { dropTestDatabase } from './drop-database'
import { appRole, withDatabase } from './urls'

/**
 * Each test file gets its own database cloned from the migrated, seeded template. Tests use
 * `testDb()`; the app code under test uses the same database through DATABASE_URL.
 */
// Two queries at once on one connection (a transaction's) are deprecated in pg 8 and an error in pg 9:
// the warning fails the run instead of scrolling past (uploading two files did it, issue 11's review).
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) throw warning
})

const adminUrl = inject('adminUrl')
const appUrl = inject('appUrl')
const template = inject('templateDb')
const name = `mga_test_file_${randomBytes(5).toString('hex')}`

const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} OWNER ${appRole(appUrl)}`)

// The tests and the code under test connect as the app's role, never as the superuser.
const url = new URL(withDatabase(appUrl, name))
process.env.DATABASE_URL = url.toString()
process.env.SESSION_SECRET ??= 'integration-secret-integration-secret'
const { db, pool } = createDb(url.toString(), 4)
;(globalThis as { __mgaDb?: Db }).__mgaDb = db

afterAll(async () => {
  await pool.end()
  await dropTestDatabase(admin, name)
  await admin.end()
})
