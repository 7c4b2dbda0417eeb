import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { userSessions } from '#app/db/schema'

/** Session type ids (session_types): the first two close sign-ins; the rest are leave entries. */
export const SESSION_TYPE = { manualLogout: 1, automaticLogout: 2 } as const

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export interface SessionUser {
  id: number
  username: string
  sessionId: number
  timedOut: boolean
  timeoutMinutes: number
  authGroups: { id: number; name: string }[]
  scopes: string[]
  preferences: Record<string, unknown>
  customTheme: Record<string, string> | null
}

/** Opens a session row with a fresh random token (never reused), and returns the token for the cookie. */
export async function openSession(
  db: DbOrTx,
  input: { userId: number; ip: string; userAgent: string | null },
): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(userSessions)
    .values({ tokenHash: hashToken(token), userId: input.userId, ip: input.ip, userAgent: input.userAgent?.slice(0, 500) })
    .returning({ id: userSessions.id })
  return { token, sessionId: row.id }
}

/** Ends an open session (Manual Logout by default) and forgets its token. */
export async function closeSession(db: DbOrTx, token: string, typeId: number = SESSION_TYPE.manualLogout) {
  await db
    .update(userSessions)
    .set({ logout: sql`greatest(now(), ${userSessions.login})`, typeId, tokenHash: null })
    .where(and(eq(userSessions.tokenHash, hashToken(token)), isNull(userSessions.logout)))
}

/** Ends every other open session of a user (single-login users, disabled users). */
export async function closeOtherSessions(db: DbOrTx, userId: number, keepSessionId: number | null, typeId: number) {
  await db
    .update(userSessions)
    .set({ logout: sql`greatest(now(), ${userSessions.login})`, typeId, tokenHash: null })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.logout),
        keepSessionId === null ? undefined : ne(userSessions.id, keepSessionId),
      ),
    )
}

/**
 * Finds the open session of a token and its enabled user with groups and scopes, recording the
 * request as activity. One round trip: the guard runs on every request.
 */
export async function touchSession(db: DbOrTx, token: string): Promise<SessionUser | null> {
  const result = await db.execute<{
    id: number
    username: string
    session_id: number
    timed_out: boolean
    timeout_minutes: number
    preferences: Record<string, unknown>
    custom_theme: Record<string, string> | null
    groups: { id: number; name: string }[] | null
    scopes: string[] | null
  }>(sql`
    WITH s AS (
      UPDATE user_sessions SET last_activity = now()
      WHERE token_hash = ${hashToken(token)} AND logout IS NULL
      RETURNING id, user_id, timed_out
    )
    SELECT u.id, u.username, s.id AS session_id, s.timed_out, u.timeout_minutes, u.preferences, u.custom_theme,
      (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
         FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id AND g.active
        WHERE gu.user_id = u.id) AS groups,
      (SELECT array_agg(DISTINCT sc.name ORDER BY sc.name)
         FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id AND g.active
         JOIN auth_group_scopes gs ON gs.group_id = g.id JOIN scopes sc ON sc.id = gs.scope_id
        WHERE gu.user_id = u.id) AS scopes
    FROM s JOIN users u ON u.id = s.user_id
    WHERE u.enabled
  `)
  const row = result.rows[0]
  if (!row) return null
  return {
    id: row.id,
    username: row.username,
    sessionId: row.session_id,
    timedOut: row.timed_out,
    timeoutMinutes: row.timeout_minutes,
    authGroups: row.groups ?? [],
    scopes: row.scopes ?? [],
    preferences: row.preferences ?? {},
    customTheme: row.custom_theme,
  }
}
