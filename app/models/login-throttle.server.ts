import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'

export interface ThrottleRule {
  key: string
  /** The attempt that brings the window's count to this is refused, and the key locked. */
  limit: number
  windowMinutes: number
  lockMinutes: number
}

export interface ThrottleCount {
  key: string
  failures: number
  /** Seconds until the key may try again; null when this attempt may go on to the password check. */
  retryAfterSeconds: number | null
}

export const userKey = (username: string) => `user:${username.trim().toLowerCase()}`
export const addressKey = (address: string) => `addr:${address || 'unknown'}`

/**
 * Counts a sign-in attempt as a failure for each key BEFORE its password is checked, in one
 * statement per key, so parallel guesses all count (issue 10: read, hash, write `stale + 1` counted
 * them once). A window or lock that has run out starts again at 1. An attempt that reaches a
 * key's limit locks the key and is refused without a password check; `clearFailure` takes the
 * count back when the password was right.
 */
export async function countAttempt(db: DbOrTx, rules: readonly ThrottleRule[]): Promise<ThrottleCount[]> {
  const counts: ThrottleCount[] = []
  for (const rule of rules) {
    const result = await db.execute<{ failures: number; retry_after: number | null }>(sql`
      INSERT INTO login_throttle AS t (key, failures, window_started, locked_until)
      VALUES (${rule.key}, 1, now(), CASE WHEN 1 >= ${rule.limit} THEN now() + make_interval(mins => ${rule.lockMinutes}) END)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE
          WHEN t.locked_until > now() THEN t.failures
          WHEN t.locked_until IS NOT NULL OR t.window_started < now() - make_interval(mins => ${rule.windowMinutes}) THEN 1
          ELSE t.failures + 1 END,
        window_started = CASE
          WHEN t.locked_until > now() THEN t.window_started
          WHEN t.locked_until IS NOT NULL OR t.window_started < now() - make_interval(mins => ${rule.windowMinutes}) THEN now()
          ELSE t.window_started END,
        locked_until = CASE
          WHEN t.locked_until > now() THEN t.locked_until
          WHEN t.locked_until IS NULL AND t.window_started >= now() - make_interval(mins => ${rule.windowMinutes})
               AND t.failures + 1 >= ${rule.limit} THEN now() + make_interval(mins => ${rule.lockMinutes})
          ELSE NULL END
      RETURNING t.failures,
        CASE WHEN t.locked_until > now() THEN ceil(extract(epoch FROM (t.locked_until - now())))::int END AS retry_after`)
    const row = result.rows[0]
    counts.push({ key: rule.key, failures: Number(row?.failures ?? 1), retryAfterSeconds: row?.retry_after ?? null })
  }
  return counts
}

/** A right password: the username's count starts again; the address gets this attempt back. */
export async function clearFailure(db: DbOrTx, keys: { user: string; address?: string }): Promise<void> {
  await db.execute(
    sql`DELETE FROM login_throttle WHERE key = ${keys.user} AND (locked_until IS NULL OR locked_until <= now())`,
  )
  if (keys.address) {
    await db.execute(sql`
      UPDATE login_throttle SET failures = greatest(failures - 1, 0)
       WHERE key = ${keys.address} AND (locked_until IS NULL OR locked_until <= now())`)
  }
}

/** Forgets old counts (the session sweep calls it). */
export async function pruneThrottle(db: DbOrTx, olderThanMinutes: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM login_throttle
     WHERE window_started < now() - make_interval(mins => ${olderThanMinutes})
       AND (locked_until IS NULL OR locked_until < now())`)
}
