import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { users } from '#app/db/schema'
import {
  activeSessions,
  createLeave,
  deleteLeave,
  getSessionRow,
  hoursDaily,
  hoursLog,
  hoursPeriod,
  updateLeave,
} from '#app/models/hours.server'
import { testDb } from './db'

// Known sessions for two new users, in the database's own time zone, so every total can be
// computed here independently of the SQL.
const SESSIONS: { user: 'hours.a' | 'hours.b'; login: string; logout: string; type: number }[] = [
  { user: 'hours.a', login: '2026-03-02 08:00:00', logout: '2026-03-02 12:30:00', type: 1 },
  { user: 'hours.a', login: '2026-03-02 13:15:00', logout: '2026-03-02 17:00:10', type: 2 },
  { user: 'hours.a', login: '2026-03-03 09:00:00', logout: '2026-03-03 17:00:00', type: 3 },
  { user: 'hours.a', login: '2026-03-05 07:59:59', logout: '2026-03-05 08:00:01', type: 1 },
  { user: 'hours.b', login: '2026-03-02 10:00:00', logout: '2026-03-02 11:00:00', type: 1 },
  { user: 'hours.b', login: '2026-03-09 10:00:00', logout: '2026-03-09 10:30:00', type: 1 },
]
const seconds = (s: (typeof SESSIONS)[number]) =>
  (Date.parse(s.logout.replace(' ', 'T')) - Date.parse(s.login.replace(' ', 'T'))) / 1000
const ids: Record<string, number> = {}

beforeAll(async () => {
  for (const username of ['hours.a', 'hours.b']) {
    const [user] = await testDb()
      .insert(users)
      .values({ username, passwordHash: await hashPassword('x-123456') })
      .returning()
    ids[username] = user.id
  }
  for (const s of SESSIONS) {
    await testDb().execute(sql`
      INSERT INTO user_sessions (user_id, login, logout, last_activity, type_id)
      VALUES (${ids[s.user]}, ${s.login}::timestamp, ${s.logout}::timestamp, ${s.logout}::timestamp, ${s.type})`)
  }
})

/** The filter of hours.a's March 2026, every type, unless told otherwise. */
const march = (changes: { userId?: number | null; start?: string; end?: string; type?: string } = {}) => ({
  userId: ids['hours.a']!,
  start: '2026-03-01',
  end: '2026-03-31',
  type: 'Any',
  ...changes,
})

describe('hours', () => {
  it('log: one row per session with its interval, paged, with count and total', async () => {
    const filter = march()
    const result = await hoursLog(testDb(), filter)
    const mine = SESSIONS.filter((s) => s.user === 'hours.a')
    expect(result.logs.map((row) => row.session_interval)).toEqual(mine.map(seconds))
    expect(result.core.count).toBe(4)
    expect(result.sum).toBe(mine.reduce((t, s) => t + seconds(s), 0))
    const paged = await hoursLog(testDb(), filter, 2, 3)
    expect(paged.logs).toHaveLength(1)
    expect(paged.core).toMatchObject({ page: 2, limit: 3, count: 4, pages: 2 })
  })

  it('filters by type and by the inclusive date range', async () => {
    const vacation = await hoursLog(testDb(), march({ type: 'Vacation' }))
    expect(vacation.logs.map((row) => row.type)).toEqual(['Vacation'])
    const oneDay = await hoursLog(testDb(), march({ start: '2026-03-05', end: '2026-03-05' }))
    expect(oneDay.logs).toHaveLength(1)
  })

  it('daily: seconds per day', async () => {
    const result = await hoursDaily(testDb(), march())
    const expected = new Map<string, number>()
    for (const s of SESSIONS.filter((x) => x.user === 'hours.a')) {
      const day = s.login.slice(0, 10)
      expected.set(day, (expected.get(day) ?? 0) + seconds(s))
    }
    expect(result.logs).toEqual([...expected].map(([day, total]) => ({ _login: day, _hours: total })))
    expect(result.sum).toBe([...expected.values()].reduce((a, b) => a + b, 0))
  })

  it('period: seconds per user, for everyone', async () => {
    const result = await hoursPeriod(testDb(), march({ userId: null, type: 'Manual Logout' }))
    const forUser = (u: string) =>
      SESSIONS.filter((s) => s.user === u && s.type === 1).reduce((t, s) => t + seconds(s), 0)
    expect(result.logs.find((row) => row.username === 'hours.a')?._hours).toBe(forUser('hours.a'))
    expect(result.logs.find((row) => row.username === 'hours.b')?._hours).toBe(forUser('hours.b'))
  })

  it('records, edits and deletes a leave entry; sign-ins cannot be deleted', async () => {
    const id = await createLeave(
      testDb(),
      { userId: ids['hours.b'], type: 'Sick Leave', date: '2026-03-10', hours: 7.5 },
      ids['hours.b'],
    )
    const created = await getSessionRow(testDb(), id)
    expect(created).toMatchObject({ type: 'Sick Leave', session_interval: 7.5 * 3600 })
    await updateLeave(testDb(), id, { type: 'Vacation' }, ids['hours.b'])
    expect((await getSessionRow(testDb(), id))?.type).toBe('Vacation')
    await deleteLeave(testDb(), id, ids['hours.b'])
    expect(await getSessionRow(testDb(), id)).toBeNull()

    const signIn = (
      await hoursLog(testDb(), { userId: ids['hours.b'], start: '2026-03-02', end: '2026-03-02', type: 'Any' })
    ).logs[0]
    await deleteLeave(testDb(), signIn.id, ids['hours.b'])
    expect(await getSessionRow(testDb(), signIn.id)).not.toBeNull()
  })

  it('lists users signed in now with their phones', async () => {
    await testDb().execute(sql`INSERT INTO user_sessions (user_id) VALUES (${ids['hours.b']})`)
    const active = await activeSessions(testDb())
    expect(active.map((row) => row.username)).toContain('hours.b')
    expect(active.map((row) => row.username)).not.toContain('hours.a')
  })
})
