import { notFoundMessage } from '#app/domain/ids'
import { RuleError } from '#app/domain/errors'
import { eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { hashPassword, verifyPassword } from '#app/auth/password.server'
import type { DbOrTx } from '#app/db/client.server'
import { users } from '#app/db/schema'
import { NotFoundError, recordChange } from './change-log.server'

/** Failed sign-ins before a pause is added to each answer, and before the account is locked. */
export const LOGIN_SLOWDOWN_AFTER = 3
export const LOGIN_LOCK_AFTER = 6
export const LOGIN_LOCK_MINUTES = 15

export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password.',
  disabled: 'This account is disabled. Please ask an administrator to enable it.',
  locked: (minutes: number) =>
    `Too many failed sign-ins for this username. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const

export class LoginError extends RuleError<401 | 403 | 429> {
  override name = 'LoginError'
  constructor(
    message: string,
    status: 401 | 403 | 429,
    /** Milliseconds the caller should wait before answering, to slow guessing. */
    readonly delayMs = 0,
  ) {
    super(message, status)
  }
}

// A real hash of a random password: unknown usernames cost the same time as known ones.
let timingDummyHash: Promise<string> | undefined
function dummyHash() {
  timingDummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return timingDummyHash
}

/** Checks a username and password; answers the signed-in user or throws a LoginError. */
export async function verifyLogin(db: DbOrTx, username: string, password: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      failedLogins: users.failedLogins,
      lockedFor: sql<number | null>`ceil(extract(epoch FROM (${users.lockedUntil} - now())) / 60)::int`,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1)

  if (!user) {
    await verifyPassword(await dummyHash(), password).catch(() => false)
    throw new LoginError(LOGIN_MESSAGES.invalid, 401)
  }
  if (user.lockedFor !== null && user.lockedFor > 0) {
    throw new LoginError(LOGIN_MESSAGES.locked(user.lockedFor), 429)
  }
  const valid = await verifyPassword(user.passwordHash, password).catch(() => false)
  if (!valid) {
    const failures = user.failedLogins + 1
    const lock = failures >= LOGIN_LOCK_AFTER
    await db
      .update(users)
      .set({
        failedLogins: lock ? 0 : failures,
        lockedUntil: lock ? sql`now() + make_interval(mins => ${LOGIN_LOCK_MINUTES})` : null,
      })
      .where(eq(users.id, user.id))
    if (lock) throw new LoginError(LOGIN_MESSAGES.locked(LOGIN_LOCK_MINUTES), 429)
    const delayMs = failures >= LOGIN_SLOWDOWN_AFTER ? 1000 * (failures - LOGIN_SLOWDOWN_AFTER + 1) : 0
    throw new LoginError(LOGIN_MESSAGES.invalid, 401, delayMs)
  }
  if (!user.enabled) throw new LoginError(LOGIN_MESSAGES.disabled, 403)
  if (user.failedLogins > 0 || user.lockedFor !== null) {
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id))
  }
  return { id: user.id, username: user.username }
}

export async function getUserSettings(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ multipleLogins: users.multipleLogins, ipRestrictions: users.ipRestrictions })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

/** Scopes (through active groups) and saved preferences, for the post-sign-in redirect. */
export async function getUserAccess(db: DbOrTx, userId: number) {
  const result = await db.execute<{ scopes: string[] | null; preferences: Record<string, unknown> }>(sql`
    SELECT u.preferences,
      (SELECT array_agg(DISTINCT sc.name)
         FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id AND g.active
         JOIN auth_group_scopes gs ON gs.group_id = g.id JOIN scopes sc ON sc.id = gs.scope_id
        WHERE gu.user_id = u.id) AS scopes
    FROM users u WHERE u.id = ${userId}`)
  const row = result.rows[0]
  return { scopes: new Set(row?.scopes ?? []), preferences: row?.preferences ?? {} }
}

/** Saves preferences (merged into what is stored, so jobHeaders survive) and the theme colours. */
export async function saveUserSettings(
  db: DbOrTx,
  userId: number,
  changes: { preferences?: Record<string, unknown>; customTheme?: Record<string, string> | null },
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ preferences: users.preferences, customTheme: users.customTheme })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!before) throw new NotFoundError(notFoundMessage('user'))
    const after = {
      preferences: { ...(before.preferences as Record<string, unknown>), ...(changes.preferences ?? {}) },
      customTheme: changes.customTheme === undefined ? before.customTheme : changes.customTheme,
    }
    await tx
      .update(users)
      .set({ preferences: after.preferences, customTheme: after.customTheme, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
    await recordChange(tx, { userId, entity: 'user', entityId: userId, action: 'update', before, after })
  })
}
