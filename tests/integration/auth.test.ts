import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '#app/auth/password.server'
import { users, userSessions } from '#app/db/schema'
import { closeOtherSessions, closeSession, openSession, SESSION_TYPE, touchSession } from '#app/models/session.server'
import { LOGIN_LOCK_AFTER, LOGIN_MESSAGES, LoginError, verifyLogin } from '#app/models/user.server'
import { testDb } from './db'

const LIMITS = { graceMinutes: 240, maxHours: 14 }
const touch = (token: string) => touchSession(testDb(), token, { countActivity: true, limits: LIMITS })

async function makeUser(username: string, password = 'secret-pass-1', extra: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword(password), ...extra })
    .returning()
  return user
}

async function loginError(promise: Promise<unknown>): Promise<LoginError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(LoginError)
  return error as LoginError
}

describe('verifyLogin', () => {
  it('accepts the right password, case-insensitive username', async () => {
    const user = await makeUser('Tess.Taylor')
    await expect(verifyLogin(testDb(), 'tess.taylor', 'secret-pass-1')).resolves.toEqual({ id: user.id, username: 'Tess.Taylor' })
  })

  it('answers the same description for an unknown user and a wrong password', async () => {
    await makeUser('wrongpass')
    const unknown = await loginError(verifyLogin(testDb(), 'nobody-here', 'x'))
    const wrong = await loginError(verifyLogin(testDb(), 'wrongpass', 'x'))
    expect(unknown.message).toBe(LOGIN_MESSAGES.invalid)
    expect(wrong.message).toBe(LOGIN_MESSAGES.invalid)
    expect(wrong.status).toBe(401)
  })

  it('refuses a disabled user with a clear message', async () => {
    await makeUser('disabled.user', 'secret-pass-1', { enabled: false })
    const error = await loginError(verifyLogin(testDb(), 'disabled.user', 'secret-pass-1'))
    expect(error.status).toBe(403)
    expect(error.message).toBe(LOGIN_MESSAGES.disabled)
  })

  it('slows repeated failures, then locks the username for a while', async () => {
    const user = await makeUser('guessme')
    const delays: number[] = []
    for (let attempt = 1; attempt < LOGIN_LOCK_AFTER; attempt++) {
      delays.push((await loginError(verifyLogin(testDb(), 'guessme', `wrong-${attempt}`))).delayMs)
    }
    expect(delays.slice(0, 2)).toEqual([0, 0])
    expect(delays[2]).toBeGreaterThan(0)
    expect(delays[3]).toBeGreaterThan(delays[2])
    const locked = await loginError(verifyLogin(testDb(), 'guessme', 'wrong-again'))
    expect(locked.status).toBe(429)
    expect(locked.message).toBe(LOGIN_MESSAGES.locked(15))
    // Even the right password is refused while locked.
    const stillLocked = await loginError(verifyLogin(testDb(), 'guessme', 'secret-pass-1'))
    expect(stillLocked.status).toBe(429)
    // After the lock runs out, the right password works and the count starts again.
    await testDb().update(users).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(users.id, user.id))
    await expect(verifyLogin(testDb(), 'guessme', 'secret-pass-1')).resolves.toMatchObject({ id: user.id })
    const [after] = await testDb().select().from(users).where(eq(users.id, user.id))
    expect(after.failedLogins).toBe(0)
    expect(after.lockedUntil).toBeNull()
  })
})

describe('sessions', () => {
  it('opens a session with a fresh token and finds its user with groups and scopes', async () => {
    const [admin] = await testDb().select().from(users).where(eq(users.username, 'admin'))
    const first = await openSession(testDb(), { userId: admin.id, ip: '127.0.0.1', userAgent: 'test' })
    const second = await openSession(testDb(), { userId: admin.id, ip: '127.0.0.1', userAgent: 'test' })
    expect(first.token).not.toBe(second.token)
    const found = await touch(first.token)
    expect(found?.username).toBe('admin')
    expect(found?.authGroups.map((g) => g.name)).toContain('admin')
    expect(found?.scopes).toContain('tax-manage')
    // Only a hash of the token is stored.
    const rows = await testDb().select().from(userSessions).where(eq(userSessions.id, first.sessionId))
    expect(rows[0].tokenHash).not.toBe(first.token)
  })

  it('ends a session at logout; its token no longer works', async () => {
    const user = await makeUser('logout.user')
    const { token, sessionId } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
    await closeSession(testDb(), token)
    expect(await touch(token)).toBeNull()
    const [row] = await testDb().select().from(userSessions).where(eq(userSessions.id, sessionId))
    expect(row.logout).not.toBeNull()
    expect(row.typeId).toBe(SESSION_TYPE.manualLogout)
    expect(row.tokenHash).toBeNull()
  })

  it('does not let a disabled user use an open session', async () => {
    const user = await makeUser('soon.disabled')
    const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
    await testDb().update(users).set({ enabled: false }).where(eq(users.id, user.id))
    expect(await touch(token)).toBeNull()
  })

  it('closes the other sessions of a user', async () => {
    const user = await makeUser('single.login')
    const a = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
    const b = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
    await closeOtherSessions(testDb(), user.id, b.sessionId, SESSION_TYPE.manualLogout)
    expect(await touch(a.token)).toBeNull()
    expect(await touch(b.token)).not.toBeNull()
  })
})
