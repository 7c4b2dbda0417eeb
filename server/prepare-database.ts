/**
 * What an empty or existing database gets at start, by mode (issue 10 item 1, fail closed):
 * - demo mode (any APP_ENV but production): an empty database is filled with the demo data, whose
 *   sign-ins the banner prints; the server listens on a loopback address unless DEMO_ON_NETWORK;
 * - production: no demo data ever; an empty database gets one administrator with a one-time
 *   password (printed once, changed at the first sign-in), and a database where a demo account
 *   still has its demo password stops the start.
 */
import { randomBytes } from 'node:crypto'
import { hashPassword, verifyPassword } from '#app/domain/password-hash.server'
import { ADMIN_GROUP, SCOPE_DESCRIPTIONS, SCOPES } from '#app/domain/scope-names'
import { isLoopbackHost, type Config } from '#app/config.server'
import type { Db } from '#app/db/client.server'
import { isEmpty, seed } from '#app/db/seed/index.server'
import { STAFF } from '#app/db/seed/staff'
import { createFirstAdministrator, passwordHashesOf } from '#app/models/user.server'

export const FIRST_ADMIN_USERNAME = 'admin'

export class StartRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StartRefused'
  }
}

/** Refuses a demo server on an address others can reach, unless asked for. */
export function checkListenAddress(config: Pick<Config, 'DEMO_MODE' | 'HOST' | 'DEMO_ON_NETWORK'>): void {
  if (config.DEMO_MODE && !isLoopbackHost(config.HOST) && !config.DEMO_ON_NETWORK) {
    throw new StartRefused(
      `Refusing to start: demo mode (APP_ENV is not production) has well-known demo passwords, so it listens only on a loopback address, not HOST=${config.HOST}. ` +
        'Run it for real with APP_ENV=production (see README, "Running it for real"), or set DEMO_ON_NETWORK=true to show the demo on your network.',
    )
  }
}

/** The demo accounts that still have their demo password (case-insensitive usernames). */
export async function accountsWithDemoPasswords(db: Db): Promise<string[]> {
  const demoPasswords = new Map(STAFF.map((staff) => [staff.username.toLowerCase(), staff.password]))
  const rows = await passwordHashesOf(db, [...demoPasswords.keys()])
  const found: string[] = []
  for (const row of rows) {
    const plain = demoPasswords.get(row.username.toLowerCase())
    if (plain && (await verifyPassword(row.passwordHash, plain).catch(() => false))) found.push(row.username)
  }
  return found
}

export interface PreparedDatabase {
  /** The first administrator's one-time password, when this start created it (print it once). */
  firstAdminPassword?: string
  seeded: boolean
}

export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'DEMO_MODE' | 'SKIP_SEED' | 'SEED_SCALE'>,
  log: (message: string) => void = () => {},
): Promise<PreparedDatabase> {
  if (config.DEMO_MODE) {
    if (config.SKIP_SEED || !(await isEmpty(db))) return { seeded: false }
    const started = Date.now()
    log('Empty database: generating demo data…')
    await seed(db, { scale: config.SEED_SCALE, log: (message) => log(`  ${message}`) })
    log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
    return { seeded: true }
  }
  if (await isEmpty(db)) {
    const password = randomBytes(15).toString('base64url')
    const created = await createFirstAdministrator(db, {
      username: FIRST_ADMIN_USERNAME,
      passwordHash: await hashPassword(password),
      scopes: SCOPES.map((name) => ({ name, description: SCOPE_DESCRIPTIONS[name] })),
      adminGroup: ADMIN_GROUP,
    })
    return created ? { seeded: false, firstAdminPassword: password } : { seeded: false }
  }
  const demo = await accountsWithDemoPasswords(db)
  if (demo.length > 0) {
    throw new StartRefused(
      `Refusing to start with APP_ENV=production: ${demo.length} account(s) still have their published demo password (${demo.join(', ')}). ` +
        'This database holds demo data: use an empty database for production, or give those accounts new passwords first.',
    )
  }
  return { seeded: false }
}
