import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it, inject } from 'vitest'
import { verifyPassword } from '#app/domain/password-hash.server'
import { createDb } from '#app/db/client.server'
import { runMigrations } from '#app/db/migrate.server'
import { users } from '#app/db/schema'
import { getUserAccess } from '#app/models/user.server'
import { checkListenAddress, prepareDatabase, StartRefused } from '#server/prepare-database'
import { testDb } from './db'
import { dropTestDatabase } from './drop-database'
import { appRole, withDatabase } from './urls'

const PRODUCTION = { DEMO_MODE: false, SKIP_SEED: false, SEED_SCALE: 1 } as const

// An empty database of its own: the production start on a new install.
const admin = new pg.Client({ connectionString: inject('adminUrl') })
await admin.connect()
const emptyName = `mga_test_file_${randomBytes(5).toString('hex')}`
await admin.query(`CREATE DATABASE ${emptyName} OWNER ${appRole(inject('appUrl'))}`)
const emptyUrl = new URL(withDatabase(inject('appUrl'), emptyName))
const empty = createDb(emptyUrl.toString(), 2)
await runMigrations(empty.pool)

afterAll(async () => {
  await empty.pool.end()
  await dropTestDatabase(admin, emptyName)
  await admin.end()
})

describe('production start (APP_ENV=production)', () => {
  it('refuses a database where demo accounts still have their demo passwords, naming them', async () => {
    const refused = await prepareDatabase(testDb(), PRODUCTION).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(StartRefused)
    expect((refused as Error).message).toMatch(/demo password \(.*admin.*\)/)
  })

  it('on an empty database creates only the first administrator, with a one-time password to change', async () => {
    const prepared = await prepareDatabase(empty.db, PRODUCTION)
    expect(prepared.seeded).toBe(false)
    expect(prepared.firstAdminPassword).toMatch(/^[\w-]{20}$/)
    const all = await empty.db.select().from(users)
    expect(all.map((user) => [user.username, user.mustChangePassword])).toEqual([['admin', true]])
    expect(await verifyPassword(all[0].passwordHash, prepared.firstAdminPassword as string)).toBe(true)
    const access = await getUserAccess(empty.db, all[0].id)
    expect(access.scopes.has('role-edit')).toBe(true)
    // No demo data at all.
    const firms = await empty.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM firms`)
    expect(firms.rows[0].n).toBe(0)
    // The next start finds the administrator: no new password, and no refusal.
    await expect(prepareDatabase(empty.db, PRODUCTION)).resolves.toEqual({ seeded: false })
    expect(await empty.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))).toHaveLength(1)
  })
})

describe('demo mode', () => {
  it('listens only on a loopback address unless DEMO_ON_NETWORK', () => {
    expect(() => checkListenAddress({ DEMO_MODE: true, HOST: '0.0.0.0', DEMO_ON_NETWORK: false })).toThrow(StartRefused)
    expect(() => checkListenAddress({ DEMO_MODE: true, HOST: '127.0.0.1', DEMO_ON_NETWORK: false })).not.toThrow()
    expect(() => checkListenAddress({ DEMO_MODE: true, HOST: '0.0.0.0', DEMO_ON_NETWORK: true })).not.toThrow()
    expect(() => checkListenAddress({ DEMO_MODE: false, HOST: '0.0.0.0', DEMO_ON_NETWORK: false })).not.toThrow()
  })

  it('does not seed a database that has users', async () => {
    await expect(prepareDatabase(testDb(), { DEMO_MODE: true, SKIP_SEED: false, SEED_SCALE: 1 })).resolves.toEqual({
      seeded: false,
    })
  })
})
