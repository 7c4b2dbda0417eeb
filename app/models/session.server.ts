import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { executePrepared, type DbOrTx } from '#app/db/client.server'
import { sessionNotes, userSessions } from '#app/db/schema'

/** Session type ids (session_types): the first two close sign-ins; the rest are leave entries. */
export const SESSION_TYPE = { manualLogout: 1, automaticLogout: 2 } as const

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export interface SessionLimits {
  /** Minutes a timed-out session waits for a relogin before it is closed as Automatic Logout. */
  graceMinutes: number
  /** Hours after sign-in when a session ends however active it is. */
  maxHours: number
}

export interface SessionUser {
  id: number
  username: string
  sessionId: number
  timedOut: boolean
  /** Milliseconds left before the session times out (0 once it has). */
  timeRemainingMs: number
  timeoutMinutes: number
  ipRestrictions: string[]
  authGroups: { id: number; name: string }[]
  scopes: string[]
  preferences: Record<string, unknown>
  customTheme: Record<string, string> | null
  /** The one-time password of a new administrator: nothing but the password change until it is changed. */
  mustChangePassword?: boolean
  /** Two-step sign-in is on: relogin asks for a code too. */
  mfaEnabled?: boolean
}

/** A form posted after the session timed out, replayed after the relogin (spec 2.5, issue 3). */
export interface PendingForm {
  action: string
  fields: [string, string][]
  droppedFiles: number
  savedAt: string
}

/** Opens a session row with a fresh random token (never reused), and returns the token for the cookie. */
export async function openSession(
  db: DbOrTx,
  input: { userId: number; ip: string; userAgent: string | null },
): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(userSessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 500),
    })
    .returning({ id: userSessions.id })
  return { token, sessionId: row.id }
}

/** Ends an open session (Manual Logout by default) and forgets its token. */
export async function closeSession(db: DbOrTx, token: string, typeId: number = SESSION_TYPE.manualLogout) {
  await db
    .update(userSessions)
    .set({ logout: sql`greatest(now(), ${userSessions.login})`, typeId, tokenHash: null, pendingForm: null })
    .where(and(eq(userSessions.tokenHash, hashToken(token)), isNull(userSessions.logout)))
}

/** Ends the open sessions of a user except one (single-login users; all of them when disabling a user). */
export async function closeOtherSessions(db: DbOrTx, userId: number, keepSessionId: number | null, typeId: number) {
  await db
    .update(userSessions)
    .set({ logout: sql`greatest(now(), ${userSessions.login})`, typeId, tokenHash: null, pendingForm: null })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.logout),
        isNull(userSessions.typeId),
        keepSessionId === null ? undefined : ne(userSessions.id, keepSessionId),
      ),
    )
}

/**
 * Closes, as Automatic Logout, every open session that stayed timed out past the grace period or
 * outlived the maximum length. Its logout time is when it timed out (last activity plus the user's
 * timeout), so hours are not inflated by the grace period.
 */
export async function closeExpiredSessions(db: DbOrTx, limits: SessionLimits): Promise<number> {
  const result = await db.execute(sql`
    UPDATE user_sessions s
       SET logout = greatest(s.login, least(now(), s.last_activity + make_interval(mins => u.timeout_minutes))),
           type_id = ${SESSION_TYPE.automaticLogout}, token_hash = NULL, timed_out = true, pending_form = NULL
      FROM users u
     WHERE u.id = s.user_id AND s.logout IS NULL AND s.type_id IS NULL
       AND (now() - s.last_activity > make_interval(mins => u.timeout_minutes + ${limits.graceMinutes})
            OR now() - s.login > make_interval(hours => ${limits.maxHours}))`)
  return result.rowCount ?? 0
}

/**
 * The guard's one statement per request: finds the open session of a token with its enabled user,
 * groups and scopes; decides whether it has timed out (idle longer than the user's timeout) and
 * records that; counts the request as activity unless it has timed out (or `countActivity` is
 * false, for the session check the client timer makes); closes it as Automatic Logout when it
 * stayed timed out past the grace period or outlived the maximum length (then answers null).
 */
export async function touchSession(
  db: DbOrTx,
  token: string,
  options: { countActivity: boolean; limits: SessionLimits; forgetPendingForm?: boolean },
): Promise<SessionUser | null> {
  const { graceMinutes, maxHours } = options.limits
  const forget = options.forgetPendingForm === true
  const result = await executePrepared<{
    id: number
    username: string
    session_id: number
    timed_out: boolean
    time_remaining_ms: number
    timeout_minutes: number
    ip_restrictions: string[]
    preferences: Record<string, unknown>
    custom_theme: Record<string, string> | null
    must_change_password: boolean
    mfa_enabled: boolean
    groups: { id: number; name: string }[] | null
    scopes: string[] | null
  }>(
    db,
    'session',
    sql`
    WITH state AS (
      SELECT s.id, s.user_id, s.login, s.last_activity, make_interval(mins => u.timeout_minutes) AS lim,
             (s.timed_out OR now() - s.last_activity > make_interval(mins => u.timeout_minutes)) AS idle,
             (now() - s.last_activity > make_interval(mins => u.timeout_minutes + ${graceMinutes})
              OR now() - s.login > make_interval(hours => ${maxHours})) AS expired
        FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ${hashToken(token)} AND s.logout IS NULL
         -- Activity stamps need no fsync before the page answers: losing the last second of them in a
         -- crash is harmless (this statement's own transaction only).
         AND (SELECT set_config('synchronous_commit', 'off', true)) = 'off'
    ), closed AS (
      UPDATE user_sessions s
         SET logout = greatest(st.login, least(now(), st.last_activity + st.lim)),
             type_id = ${SESSION_TYPE.automaticLogout}, token_hash = NULL, timed_out = true, pending_form = NULL
        FROM state st WHERE s.id = st.id AND st.expired
      RETURNING s.id
    ), touched AS (
      -- Written only when something changes: the timeout state, or activity more than a second old.
      -- Concurrent requests of one session then rarely queue on its row lock.
      -- A form kept while timed out is offered (read) on the idle page until the next write of the
      -- session (a POST), which forgets it: opening pages only reads it (a GET changes nothing).
      UPDATE user_sessions s
         SET timed_out = st.idle,
             last_activity = CASE WHEN ${options.countActivity} AND NOT st.idle THEN now() ELSE s.last_activity END,
             pending_form = CASE WHEN ${forget} AND NOT st.idle THEN NULL ELSE s.pending_form END
        FROM state st WHERE s.id = st.id AND NOT st.expired
         AND (s.timed_out IS DISTINCT FROM st.idle
              OR (${options.countActivity} AND NOT st.idle AND s.last_activity < now() - interval '1 second')
              OR (${forget} AND NOT st.idle AND s.pending_form IS NOT NULL))
      RETURNING s.id, s.last_activity
    ), live AS (
      SELECT st.id, st.user_id, st.idle AS timed_out, coalesce(touched.last_activity, st.last_activity) AS last_activity, st.lim
        FROM state st LEFT JOIN touched ON touched.id = st.id
       WHERE NOT st.expired
    )
    SELECT u.id, u.username, live.id AS session_id, live.timed_out, u.timeout_minutes, u.ip_restrictions,
           u.preferences, u.custom_theme, u.must_change_password, u.mfa_enabled,
           CASE WHEN live.timed_out THEN 0
                ELSE greatest(0, floor(extract(epoch FROM (live.last_activity + live.lim - now())) * 1000))
           END::float8 AS time_remaining_ms,
      (SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name)
         FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id AND g.active
        WHERE gu.user_id = u.id) AS groups,
      (SELECT array_agg(DISTINCT sc.name ORDER BY sc.name)
         FROM auth_group_users gu JOIN auth_groups g ON g.id = gu.group_id AND g.active
         JOIN auth_group_scopes gs ON gs.group_id = g.id JOIN scopes sc ON sc.id = gs.scope_id
        WHERE gu.user_id = u.id) AS scopes
    FROM live JOIN users u ON u.id = live.user_id
    WHERE u.enabled
  `,
  )
  const row = result.rows[0]
  if (!row) return null
  return {
    id: row.id,
    username: row.username,
    sessionId: row.session_id,
    timedOut: row.timed_out,
    timeRemainingMs: Number(row.time_remaining_ms),
    timeoutMinutes: row.timeout_minutes,
    ipRestrictions: row.ip_restrictions ?? [],
    authGroups: row.groups ?? [],
    scopes: row.scopes ?? [],
    preferences: row.preferences ?? {},
    customTheme: row.custom_theme,
    mustChangePassword: row.must_change_password === true,
    mfaEnabled: row.mfa_enabled === true,
  }
}

/** Keeps a form posted after the timeout, replacing any earlier one. */
export async function savePendingForm(db: DbOrTx, sessionId: number, form: PendingForm) {
  await db.update(userSessions).set({ pendingForm: form }).where(eq(userSessions.id, sessionId))
}

/**
 * The kept form, offered right after the relogin (read only: the session's next POST forgets it, in
 * touchSession).
 */
export async function pendingFormOf(db: DbOrTx, sessionId: number): Promise<PendingForm | null> {
  const [row] = await db
    .select({ pendingForm: userSessions.pendingForm })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId))
  return (row?.pendingForm as PendingForm | null | undefined) ?? null
}

/** Relogin after a timeout: records what the user was doing and makes the session active again. */
export async function resumeSession(
  db: DbOrTx,
  input: { sessionId: number; userId: number; typeId: number; notes: string | null },
) {
  await db.transaction(async (tx) => {
    await tx.insert(sessionNotes).values({
      sessionId: input.sessionId,
      userId: input.userId,
      typeId: input.typeId,
      notes: input.notes,
    })
    await tx
      .update(userSessions)
      .set({ timedOut: false, lastActivity: sql`now()` })
      .where(and(eq(userSessions.id, input.sessionId), isNull(userSessions.logout)))
  })
}

export async function listSessionNoteTypes(db: DbOrTx) {
  const result = await db.execute<{ id: number; description: string }>(
    sql`SELECT id, description FROM session_note_types ORDER BY id`,
  )
  return result.rows
}

/** A new token for an open session (relogin, MFA completion): the old token stops working at once. */
export async function rotateSessionToken(db: DbOrTx, sessionId: number): Promise<string | null> {
  const token = randomBytes(32).toString('base64url')
  const rows = await db
    .update(userSessions)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.logout)))
    .returning({ id: userSessions.id })
  return rows.length > 0 ? token : null
}
