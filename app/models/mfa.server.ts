import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { mfaRecoveryCodes, users } from '#app/db/schema'
import { recordAccountChange } from './change-log.server'

export interface MfaState {
  username: string
  enabled: boolean
  secret: string | null
  recoveryCodesLeft: number
  /** What a second sign-in step must check again: the account may have changed since the password. */
  accountEnabled: boolean
  ipRestrictions: string[]
  mustChangePassword: boolean
}

export async function getMfaState(db: DbOrTx, userId: number): Promise<MfaState | null> {
  const [row] = await db
    .select({
      username: users.username,
      enabled: users.mfaEnabled,
      secret: users.mfaSecret,
      accountEnabled: users.enabled,
      ipRestrictions: users.ipRestrictions,
      mustChangePassword: users.mustChangePassword,
      recoveryCodesLeft: sql<number>`(SELECT count(*)::int FROM mfa_recovery_codes r WHERE r.user_id = "users"."id" AND r.used_at IS NULL)`,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row ? { ...row, ipRestrictions: row.ipRestrictions ?? [] } : null
}

/** The secret an enrolment shows until a code from it is confirmed (kept if one is already pending). */
export async function pendingSecret(db: DbOrTx, userId: number, fresh: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ mfaSecret: sql`coalesce(${users.mfaSecret}, ${fresh})` })
    .where(and(eq(users.id, userId), eq(users.mfaEnabled, false)))
    .returning({ secret: users.mfaSecret })
  return row?.secret ?? null
}

/** Turns MFA on with the confirmed secret and replaces the recovery codes (hashes only), in one transaction. */
export async function enableMfa(db: DbOrTx, userId: number, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ mfaEnabled: true, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(and(eq(users.id, userId), eq(users.mfaEnabled, false), sql`${users.mfaSecret} IS NOT NULL`))
      .returning({ id: users.id })
    if (!row) return false
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
    await tx.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })))
    await recordAccountChange(tx, userId, { mfa: 'off' }, { mfa: 'on' })
    return true
  })
}

/** Turns MFA off: the secret and every recovery code are forgotten. */
export async function disableMfa(db: DbOrTx, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ mfaEnabled: false, mfaSecret: null, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId))
    await recordAccountChange(tx, userId, { mfa: 'on' }, { mfa: 'off' })
  })
}

/**
 * Claims a TOTP time step for a user, once: the sign-in throttle's table remembers it (keyed
 * `totp:<user>:<step>`, pruned with the other old rows), and a second use of the same code loses.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO login_throttle (key, failures, window_started) VALUES (${`totp:${userId}:${step}`}, 0, now())
    ON CONFLICT (key) DO NOTHING`)
  return result.rowCount === 1
}

/** Uses a recovery code once: one statement marks it used, so two parallel uses cannot both win. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id })
  return used.length === 1
}
