import { ForbiddenError, InvalidError } from '#app/domain/errors'
import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { LEAVE_MAX_HOURS, LEAVE_MESSAGES, sessionTypeId, SESSION_LOG_LIMIT } from '#app/domain/hours'
import { recordChange } from './change-log.server'
import { TOTAL_SQL, pageOf } from './paging.server'

/**
 * Hours from the sessions table (spec 2 §2.9): every sign-in from login to logout (an open session
 * counts up to now) and every leave entry. Days are calendar days of the database's time zone.
 */
export interface HoursFilter {
  /** null: every user (hours-override only). */
  userId: number | null
  start: string
  end: string
  /** A session type name, or 'Any'. */
  type: string
}

export type LogRow = {
  id: number
  user_id: number
  username: string
  login: Date
  logout: Date | null
  type: string | null
  session_interval: number
}

export interface TotalRow {
  username?: string
  _login?: string
  _hours: number
}

function where(filter: HoursFilter): SQL {
  const typeId = filter.type === 'Any' ? null : sessionTypeId(filter.type)
  return sql`s.login >= ${filter.start}::date AND s.login < ${filter.end}::date + 1
    ${filter.userId === null ? sql`` : sql`AND s.user_id = ${filter.userId}`}
    ${typeId === null ? sql`` : sql`AND s.type_id = ${typeId}`}`
}

const seconds = sql`extract(epoch FROM (coalesce(s.logout, now()) - s.login))`

/** The log view: one row per session, paged (at most 1000 a page), with the count and total. */
export async function hoursLog(db: DbOrTx, filter: HoursFilter, page = 1, limit = SESSION_LOG_LIMIT) {
  const size = Math.min(Math.max(1, limit), SESSION_LOG_LIMIT)
  const paged = await pageOf(
    async (window) =>
      (
        await db.execute<LogRow & { __total: number; total_seconds: number }>(sql`
    SELECT s.id, s.user_id, u.username, s.login, s.logout, t.description AS type,
           round(${seconds})::int AS session_interval,
           ${TOTAL_SQL},
           round(sum(${seconds}) OVER ())::bigint AS total_seconds
      FROM user_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN session_types t ON t.id = s.type_id
     WHERE ${where(filter)}
     ORDER BY u.username, s.login
     LIMIT ${window.limit} OFFSET ${window.offset}`)
      ).rows,
    { page, size },
  )
  return {
    logs: paged.rows.map(({ total_seconds: _s, ...row }) => row),
    core: { page: paged.page, limit: size, count: paged.total, pages: paged.pages },
    sum: Number(paged.rows[0]?.total_seconds ?? 0),
  }
}

/** The daily view: seconds per calendar day of login, for one user. */
export async function hoursDaily(db: DbOrTx, filter: HoursFilter) {
  const result = await db.execute<{ _login: string; _hours: number }>(sql`
    SELECT to_char(s.login::date, 'YYYY-MM-DD') AS _login, round(sum(${seconds}))::bigint AS _hours
      FROM user_sessions s WHERE ${where(filter)}
     GROUP BY s.login::date ORDER BY s.login::date`)
  const logs = result.rows.map((row) => ({ _login: row._login, _hours: Number(row._hours) }))
  return { logs, sum: logs.reduce((total, row) => total + row._hours, 0) }
}

/** The period view: seconds per user over the period. */
export async function hoursPeriod(db: DbOrTx, filter: HoursFilter) {
  const result = await db.execute<{ username: string; _hours: number }>(sql`
    SELECT u.username, round(sum(${seconds}))::bigint AS _hours
      FROM user_sessions s JOIN users u ON u.id = s.user_id
     WHERE ${where(filter)}
     GROUP BY u.username ORDER BY u.username`)
  const logs = result.rows.map((row) => ({ username: row.username, _hours: Number(row._hours) }))
  return { logs, sum: logs.reduce((total, row) => total + row._hours, 0) }
}

/** Seconds per user and type (GET /api/users/hours). */
export async function hoursByType(db: DbOrTx, filter: HoursFilter) {
  const result = await db.execute<{ username: string; type: string | null; _hours: number }>(sql`
    SELECT u.username, coalesce(t.description, 'Open') AS type, round(sum(${seconds}))::bigint AS _hours
      FROM user_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN session_types t ON t.id = s.type_id
     WHERE ${where(filter)}
     GROUP BY u.username, t.description ORDER BY u.username, t.description`)
  return result.rows.map((row) => ({ ...row, _hours: Number(row._hours) }))
}

/** Users signed in now (an open, not timed-out sign-in), with their phones. */
export async function activeSessions(db: DbOrTx) {
  const result = await db.execute<{
    username: string
    mobile: string | null
    home: string | null
    direct: string | null
    ext: string | null
  }>(sql`
    SELECT DISTINCT u.username, u.mobile, u.home, u.direct, u.ext
      FROM user_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.logout IS NULL AND s.type_id IS NULL AND NOT s.timed_out
       AND now() - s.last_activity <= make_interval(mins => u.timeout_minutes)
     ORDER BY u.username`)
  return result.rows
}

export async function userIdByName(db: DbOrTx, username: string): Promise<number | null> {
  const result = await db.execute<{ id: number }>(sql`SELECT id FROM users WHERE lower(username) = lower(${username})`)
  return result.rows[0]?.id ?? null
}

export async function usernames(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ username: string }>(sql`SELECT username FROM users WHERE enabled ORDER BY username`)
  return result.rows.map((row) => row.username)
}

/** A leave entry (Vacation, Sick Leave, …): the day from 09:00 for the given hours. */
export async function createLeave(
  db: DbOrTx,
  entry: { userId: number; type: string; date: string; hours: number },
  byUserId: number,
): Promise<number> {
  const typeId = sessionTypeId(entry.type)
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO user_sessions (user_id, login, logout, last_activity, type_id)
    VALUES (${entry.userId}, ${entry.date}::date + time '09:00',
            ${entry.date}::date + time '09:00' + make_interval(secs => ${Math.round(entry.hours * 3600)}),
            ${entry.date}::date + time '09:00', ${typeId})
    RETURNING id`)
  const id = result.rows[0].id
  await recordChange(db, { userId: byUserId, entity: 'session', entityId: id, action: 'create', after: entry })
  return id
}

export async function getSessionRow(db: DbOrTx, id: number): Promise<LogRow | null> {
  const result = await db.execute<LogRow>(sql`
    SELECT s.id, s.user_id, u.username, s.login, s.logout, t.description AS type, round(${seconds})::int AS session_interval
      FROM user_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN session_types t ON t.id = s.type_id
     WHERE s.id = ${id}`)
  return result.rows[0] ?? null
}

/** Only leave entries are edited or deleted; sign-ins are a record of what happened. */
export async function updateLeave(
  db: DbOrTx,
  id: number,
  changes: { type?: string; login?: string; logout?: string },
  byUserId: number,
) {
  const before = await getSessionRow(db, id)
  const typeId = changes.type ? sessionTypeId(changes.type) : null
  const login = sql`coalesce(${changes.login ?? null}::timestamptz, login)`
  const logout = sql`coalesce(${changes.logout ?? null}::timestamptz, logout)`
  // The cap holds on the entry as it will be (a new end with the stored start, or the reverse),
  // checked in the statement itself so no read-then-write race can stretch it.
  const updated = await db.execute(sql`
    UPDATE user_sessions SET
      type_id = coalesce(${typeId}, type_id),
      login = ${login},
      logout = ${logout},
      last_activity = ${login}
    WHERE id = ${id} AND type_id >= 3
      AND (${logout} IS NULL OR (${logout} >= ${login} AND ${logout} - ${login} <= interval '${sql.raw(String(LEAVE_MAX_HOURS))} hours'))`)
  if (updated.rowCount === 0 && before) {
    const start = new Date(changes.login ?? before.login)
    const end = changes.logout ?? before.logout
    if (end && new Date(end) < start) throw new InvalidError(LEAVE_MESSAGES.endBeforeStart)
    throw new InvalidError(LEAVE_MESSAGES.tooLong)
  }
  await recordChange(db, {
    userId: byUserId,
    entity: 'session',
    entityId: id,
    action: 'update',
    before,
    after: changes,
  })
}

export async function deleteLeave(db: DbOrTx, id: number, byUserId: number) {
  const before = await getSessionRow(db, id)
  await db.execute(sql`DELETE FROM user_sessions WHERE id = ${id} AND type_id >= 3`)
  await recordChange(db, { userId: byUserId, entity: 'session', entityId: id, action: 'delete', before })
}

/** Someone else's hours without hours-override, or a user that does not exist: a 403. */
export class HoursAccessError extends ForbiddenError {
  override name = 'HoursAccessError'
}

/**
 * Whose hours a viewer may see: their own, or (hours-override) anyone's or everyone's ('All').
 * Answers the user id, null for everyone; throws HoursAccessError otherwise.
 */
export async function resolveHoursUser(
  db: DbOrTx,
  viewer: { id: number; username: string; override: boolean },
  username: string,
): Promise<number | null> {
  if (username === 'All') {
    if (!viewer.override) throw new HoursAccessError('Only hours-override holders may see everyone’s hours.')
    return null
  }
  if (username.toLowerCase() === viewer.username.toLowerCase()) return viewer.id
  if (!viewer.override) throw new HoursAccessError('You may see only your own hours.')
  const id = await userIdByName(db, username)
  if (id === null) throw new HoursAccessError(`There is no user ${username}.`)
  return id
}

export async function runHoursSearch(
  db: DbOrTx,
  search: {
    userId: number | null
    start: string
    end: string
    type: string
    kind: 'log' | 'daily' | 'period'
    page: number
  },
  limit = SESSION_LOG_LIMIT,
) {
  const filter = { userId: search.userId, start: search.start, end: search.end, type: search.type }
  if (search.kind === 'log') return { kind: 'log' as const, ...(await hoursLog(db, filter, search.page, limit)) }
  if (search.kind === 'daily') return { kind: 'daily' as const, ...(await hoursDaily(db, filter)) }
  return { kind: 'period' as const, ...(await hoursPeriod(db, filter)) }
}
