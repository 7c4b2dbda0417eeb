import { notFoundMessage } from '#app/domain/ids'
import { RuleError } from '#app/domain/errors'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import { randomBytes } from 'node:crypto'
import { hashPassword, verifyPassword } from '#app/domain/password-hash.server'
import type { DbOrTx } from '#app/db/client.server'
import { authGroups, authGroupUsers, scopes, users } from '#app/db/schema'
import { ipAllowed } from '#app/domain/ip'
import { NotFoundError, recordAccountChange, recordChange } from './change-log.server'
import { addressKey, clearFailure, countAttempt, userKey, type ThrottleRule } from './login-throttle.server'

/** The user of this name, as people type it: a username is matched case-insensitively (a note's staff, a signer). */
export const usernameIs = (name: string): SQL => sql`lower(${users.username}) = lower(${name})`

/**
 * The user a person names (the name trimmed, matched by `usernameIs`) with the columns asked for, when
 * `conditions` hold too (enabled, a signer); null for a blank name or no such user.
 */
export async function userNamed<Columns extends SelectedFields>(
  db: DbOrTx,
  typed: string,
  columns: Columns,
  ...conditions: SQL[]
) {
  const name = typed.trim()
  if (!name) return null
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(usernameIs(name), ...conditions))
  return row ?? null
}

/** Failed sign-ins before a pause is added to each answer, and the attempt that locks the username. */
export const LOGIN_SLOWDOWN_AFTER = 3
export const LOGIN_LOCK_AFTER = 6
export const LOGIN_LOCK_MINUTES = 15

export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password.',
  disabled: 'This account is disabled. Please ask an administrator to enable it.',
  locked: (minutes: number) =>
    `Too many failed sign-ins for this username. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  addressLocked: (minutes: number) =>
    `Too many failed sign-ins from this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const

export class LoginError extends RuleError<401 | 403 | 429> {
  override name = 'LoginError'
  constructor(
    message: string,
    status: 401 | 403 | 429,
    /** Milliseconds the caller should wait before answering, to slow guessing. */
    readonly delayMs = 0,
    /** For 429: the Retry-After header, in seconds. */
    readonly retryAfterSeconds?: number,
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

export interface LoginOptions {
  /** The client address: counted by the per-address throttle and checked against the user's IP restrictions. */
  address?: string
  /** Failed attempts from one address within the window before it is refused (429). */
  maxFailuresPerAddress?: number
  windowMinutes?: number
}

export interface VerifiedLogin {
  id: number
  username: string
  mfaEnabled: boolean
  mustChangePassword: boolean
}

/**
 * Checks a username and password for every sign-in path (login page, API, relogin, password
 * change); answers the user or throws a LoginError. The attempt is counted for the username and
 * the address before the password is checked (parallel guesses all count); unknown usernames,
 * disabled accounts and addresses outside the account's IP restrictions get the same answer as a
 * wrong password, after the same hash work, so the answer tells nothing about the account.
 */
export async function verifyLogin(
  db: DbOrTx,
  username: string,
  password: string,
  options: LoginOptions = {},
): Promise<VerifiedLogin> {
  const windowMinutes = options.windowMinutes ?? LOGIN_LOCK_MINUTES
  const keys = {
    user: userKey(username),
    address: options.address === undefined ? undefined : addressKey(options.address),
  }
  const rules: ThrottleRule[] = [
    { key: keys.user, limit: LOGIN_LOCK_AFTER, windowMinutes, lockMinutes: LOGIN_LOCK_MINUTES },
  ]
  if (keys.address) {
    rules.unshift({
      key: keys.address,
      limit: (options.maxFailuresPerAddress ?? 50) + 1,
      windowMinutes,
      lockMinutes: windowMinutes,
    })
  }
  const counts = await countAttempt(db, rules)
  for (const count of counts) {
    if (count.retryAfterSeconds === null) continue
    const minutes = Math.max(1, Math.ceil(count.retryAfterSeconds / 60))
    const message = count.key === keys.user ? LOGIN_MESSAGES.locked(minutes) : LOGIN_MESSAGES.addressLocked(minutes)
    throw new LoginError(message, 429, 0, count.retryAfterSeconds)
  }
  const failures = counts.find((count) => count.key === keys.user)?.failures ?? 1
  const refuse = () => {
    const delayMs = failures >= LOGIN_SLOWDOWN_AFTER ? 1000 * (failures - LOGIN_SLOWDOWN_AFTER + 1) : 0
    return new LoginError(LOGIN_MESSAGES.invalid, 401, delayMs)
  }

  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      ipRestrictions: users.ipRestrictions,
      mfaEnabled: users.mfaEnabled,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1)

  const refusedBeforePassword =
    !user || !user.enabled || (options.address !== undefined && !ipAllowed(user.ipRestrictions, options.address))
  if (refusedBeforePassword) {
    await verifyPassword(await dummyHash(), password).catch(() => false)
    throw refuse()
  }
  const valid = await verifyPassword(user.passwordHash, password).catch(() => false)
  if (!valid) throw refuse()
  await clearFailure(db, keys)
  return {
    id: user.id,
    username: user.username,
    mfaEnabled: user.mfaEnabled,
    mustChangePassword: user.mustChangePassword,
  }
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
      .set({
        preferences: after.preferences,
        customTheme: after.customTheme,
        updatedAt: sql`now()`,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, userId))
    await recordChange(tx, { userId, entity: 'user', entityId: userId, action: 'update', before, after })
  })
}

const FIRST_ADMIN_LOCK = 724_002

/**
 * A production database's first account: the administrator (group admin with every scope), whose
 * one-time password must be changed at the first sign-in. Nothing happens when the database
 * already has users (several instances may start together: one advisory lock, the seed's).
 */
export async function createFirstAdministrator(
  db: DbOrTx,
  input: {
    username: string
    passwordHash: string
    scopes: readonly { name: string; description: string }[]
    adminGroup: string
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`)
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1)
    if (existing) return false
    await tx
      .insert(scopes)
      .values([...input.scopes])
      .onConflictDoNothing()
    const [group] = await tx.insert(authGroups).values({ name: input.adminGroup }).returning({ id: authGroups.id })
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        passwordHash: input.passwordHash,
        mustChangePassword: true,
        timeoutMinutes: 15,
      })
      .returning({ id: users.id })
    await tx.insert(authGroupUsers).values({ groupId: group.id, userId: user.id })
    await tx.execute(sql`INSERT INTO auth_group_scopes (group_id, scope_id) SELECT ${group.id}, id FROM scopes`)
    await recordChange(tx, {
      userId: user.id,
      entity: 'user',
      entityId: user.id,
      action: 'create',
      before: null,
      after: { username: input.username },
    })
    return true
  })
}

/** Password hashes of the given usernames (case-insensitive) that exist: the production start's demo-password check. */
export async function passwordHashesOf(db: DbOrTx, usernames: readonly string[]) {
  if (usernames.length === 0) return []
  return db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        usernames.map((name) => name.toLowerCase()),
      ),
    )
}

/**
 * A user's new password (already hashed): the one-time-password flag is cleared, the change is in
 * the change log (without hashes), and every other open session of the user is closed (ASVS 7.4.3).
 */
export async function setPassword(db: DbOrTx, userId: number, passwordHash: string, keepSessionId: number | null) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id })
    if (!row) throw new NotFoundError(`No user ${userId}`)
    await tx.execute(sql`
      UPDATE user_sessions SET logout = greatest(now(), login), type_id = 1, token_hash = NULL, pending_form = NULL
       WHERE user_id = ${userId} AND logout IS NULL AND type_id IS NULL
         AND (${keepSessionId}::int IS NULL OR id <> ${keepSessionId}::int)`)
    await recordAccountChange(tx, userId, { password: 'old' }, { password: 'changed' })
  })
}
