import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { sessionNotes, users, userSessions } from '#app/db/schema'
import {
  closeExpiredSessions,
  openSession,
  resumeSession,
  savePendingForm,
  SESSION_TYPE,
  pendingFormOf,
  touchSession,
} from '#app/models/session.server'
import { testDb } from './db'

const LIMITS = { graceMinutes: 60, maxHours: 12 }
const touch = (token: string, countActivity = true) => touchSession(testDb(), token, { countActivity, limits: LIMITS })

async function signedIn(username: string, timeoutMinutes = 15) {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword('pw-123456'), timeoutMinutes })
    .returning()
  const session = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
  return { user, ...session }
}

async function idleFor(sessionId: number, minutes: number) {
  await testDb()
    .update(userSessions)
    .set({
      login: sql`now() - make_interval(mins => ${minutes + 1})`,
      lastActivity: sql`now() - make_interval(mins => ${minutes})`,
    })
    .where(eq(userSessions.id, sessionId))
}

async function row(sessionId: number) {
  const [found] = await testDb().select().from(userSessions).where(eq(userSessions.id, sessionId))
  return found
}

describe('idle timeout', () => {
  it('reports the time remaining and counts requests as activity', async () => {
    const { token, sessionId } = await signedIn('active.user', 15)
    await idleFor(sessionId, 5)
    const user = await touch(token)
    expect(user?.timedOut).toBe(false)
    // Activity was counted, so nearly the whole 15 minutes remain.
    expect(user!.timeRemainingMs).toBeGreaterThan(14 * 60_000)
  })

  it('does not count the session check as activity', async () => {
    const { token, sessionId } = await signedIn('checked.user', 15)
    await idleFor(sessionId, 5)
    const user = await touch(token, false)
    expect(user!.timeRemainingMs).toBeLessThan(10 * 60_000 + 1000)
    expect(user!.timeRemainingMs).toBeGreaterThan(9 * 60_000)
  })

  it('times out a session idle longer than the user timeout, and later requests do not revive it', async () => {
    const { token, sessionId } = await signedIn('idle.user', 1)
    await idleFor(sessionId, 2)
    const first = await touch(token)
    expect(first?.timedOut).toBe(true)
    expect(first?.timeRemainingMs).toBe(0)
    const lastActivity = (await row(sessionId)).lastActivity
    const second = await touch(token)
    expect(second?.timedOut).toBe(true)
    expect((await row(sessionId)).lastActivity).toEqual(lastActivity)
  })

  it('a relogin records the activity note and makes the session active again', async () => {
    const { user, token, sessionId } = await signedIn('relogin.user', 1)
    await idleFor(sessionId, 3)
    expect((await touch(token))?.timedOut).toBe(true)
    await resumeSession(testDb(), { sessionId, userId: user.id, typeId: 1, notes: 'Client meeting downstairs' })
    const after = await touch(token)
    expect(after?.timedOut).toBe(false)
    const notes = await testDb().select().from(sessionNotes).where(eq(sessionNotes.sessionId, sessionId))
    expect(notes).toMatchObject([{ typeId: 1, notes: 'Client meeting downstairs' }])
  })

  it('closes a session left timed out past the grace period as Automatic Logout, at the moment it timed out', async () => {
    const { token, sessionId } = await signedIn('gone.home', 10)
    await idleFor(sessionId, 10 + LIMITS.graceMinutes + 5)
    expect(await touch(token)).toBeNull()
    const closed = await row(sessionId)
    expect(closed.typeId).toBe(SESSION_TYPE.automaticLogout)
    expect(closed.tokenHash).toBeNull()
    // Logout is last activity + timeout, not the moment it was noticed.
    const minutes = (closed.logout!.getTime() - closed.lastActivity.getTime()) / 60_000
    expect(Math.round(minutes)).toBe(10)
  })

  it('ends sessions older than the maximum length, and the sweep closes expired sessions of everyone', async () => {
    const old = await signedIn('long.day', 600)
    await testDb()
      .update(userSessions)
      .set({ login: sql`now() - interval '13 hours'` })
      .where(eq(userSessions.id, old.sessionId))
    const forgotten = await signedIn('forgotten.tab', 5)
    await idleFor(forgotten.sessionId, 5 + LIMITS.graceMinutes + 1)
    const fresh = await signedIn('fresh.session', 5)
    const closedCount = await closeExpiredSessions(testDb(), LIMITS)
    expect(closedCount).toBeGreaterThanOrEqual(2)
    expect((await row(old.sessionId)).typeId).toBe(SESSION_TYPE.automaticLogout)
    expect((await row(forgotten.sessionId)).typeId).toBe(SESSION_TYPE.automaticLogout)
    expect((await row(fresh.sessionId)).logout).toBeNull()
  })

  it('keeps a form posted after the timeout for the relogin: reads leave it, the next write forgets it', async () => {
    const { token, sessionId } = await signedIn('pending.form', 1)
    const form = {
      action: '/preferences',
      fields: [['dense', 'on']] as [string, string][],
      droppedFiles: 0,
      savedAt: new Date().toISOString(),
    }
    await savePendingForm(testDb(), sessionId, form)
    expect(await pendingFormOf(testDb(), sessionId)).toEqual(form)
    expect(await pendingFormOf(testDb(), sessionId)).toEqual(form)
    await touch(token)
    expect(await pendingFormOf(testDb(), sessionId)).toEqual(form)
    await touchSession(testDb(), token, { countActivity: true, limits: LIMITS, forgetPendingForm: true })
    expect(await pendingFormOf(testDb(), sessionId)).toBeNull()
  })
})
