import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { loginThrottle, users, userSessions } from '#app/db/schema'
import {
  closeOtherSessions,
  closeSession,
  openSession,
  rotateSessionToken,
  SESSION_TYPE,
  touchSession,
} from '#app/models/session.server'
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
    await expect(verifyLogin(testDb(), 'tess.taylor', 'secret-pass-1')).resolves.toMatchObject({
      id: user.id,
      username: 'Tess.Taylor',
    })
  })

  it('answers the same description for an unknown user and a wrong password', async () => {
    await makeUser('wrongpass')
    const unknown = await loginError(verifyLogin(testDb(), 'nobody-here', 'x'))
    const wrong = await loginError(verifyLogin(testDb(), 'wrongpass', 'x'))
    expect(unknown.message).toBe(LOGIN_MESSAGES.invalid)
    expect(wrong.message).toBe(LOGIN_MESSAGES.invalid)
    expect(wrong.status).toBe(401)
  })

  it('refuses a disabled user before the password check, with the wrong-password answer', async () => {
    await makeUser('disabled.user', 'secret-pass-1', { enabled: false })
    const right = await loginError(verifyLogin(testDb(), 'disabled.user', 'secret-pass-1'))
    const wrong = await loginError(verifyLogin(testDb(), 'disabled.user', 'not-it'))
    // The same answer whether the password was right or not: it confirms nothing.
    expect([right.status, right.message]).toEqual([401, LOGIN_MESSAGES.invalid])
    expect([wrong.status, wrong.message]).toEqual([401, LOGIN_MESSAGES.invalid])
  })

  it('refuses an address outside the IP restrictions before the password check, with the same answer', async () => {
    await makeUser('office.only', 'secret-pass-1', { ipRestrictions: ['10.1.*.*'] })
    const outside = await loginError(verifyLogin(testDb(), 'office.only', 'secret-pass-1', { address: '192.0.2.7' }))
    expect([outside.status, outside.message]).toEqual([401, LOGIN_MESSAGES.invalid])
    await expect(verifyLogin(testDb(), 'office.only', 'secret-pass-1', { address: '10.1.2.3' })).resolves.toMatchObject(
      { username: 'office.only' },
    )
  })

  it('counts parallel guesses one by one: no more than the limit reach the password check', async () => {
    await makeUser('parallel.target')
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginError(verifyLogin(testDb(), 'parallel.target', `guess-${i}`))),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LOCK_AFTER - 1)
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - (LOGIN_LOCK_AFTER - 1))
    const [row] = await testDb().select().from(loginThrottle).where(eq(loginThrottle.key, 'user:parallel.target'))
    expect(row.lockedUntil).not.toBeNull()
  })

  it('locks an unknown username like a known one (no enumeration by the lock)', async () => {
    for (let attempt = 1; attempt < LOGIN_LOCK_AFTER; attempt++) {
      expect((await loginError(verifyLogin(testDb(), 'no.such.user', `w-${attempt}`))).status).toBe(401)
    }
    const locked = await loginError(verifyLogin(testDb(), 'no.such.user', 'w-last'))
    expect([locked.status, locked.message]).toEqual([429, LOGIN_MESSAGES.locked(15)])
    expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60)
  })

  it('throttles an address that fails across many usernames, with Retry-After', async () => {
    const options = { address: '198.51.100.9', maxFailuresPerAddress: 4, windowMinutes: 10 }
    for (let i = 0; i < 4; i++) {
      expect((await loginError(verifyLogin(testDb(), `spray-${i}`, 'Winter2026!', options))).status).toBe(401)
    }
    const refused = await loginError(verifyLogin(testDb(), 'spray-9', 'Winter2026!', options))
    expect([refused.status, refused.message]).toEqual([429, LOGIN_MESSAGES.addressLocked(10)])
    expect(refused.retryAfterSeconds).toBeGreaterThan(9 * 60)
    // Another address is not affected.
    expect(
      (await loginError(verifyLogin(testDb(), 'spray-9', 'x', { ...options, address: '198.51.100.10' }))).status,
    ).toBe(401)
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
    expect(locked.retryAfterSeconds).toBeGreaterThan(0)
    // Even the right password is refused while locked.
    const stillLocked = await loginError(verifyLogin(testDb(), 'guessme', 'secret-pass-1'))
    expect(stillLocked.status).toBe(429)
    // After the lock runs out, the right password works and the count starts again.
    await testDb()
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginThrottle.key, 'user:guessme'))
    await expect(verifyLogin(testDb(), 'guessme', 'secret-pass-1')).resolves.toMatchObject({ id: user.id })
    const rows = await testDb().select().from(loginThrottle).where(eq(loginThrottle.key, 'user:guessme'))
    expect(rows).toEqual([])
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

  it('gives an open session a new token (relogin, MFA): the old one stops working', async () => {
    const user = await makeUser('rotating.user')
    const { token, sessionId } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
    const fresh = await rotateSessionToken(testDb(), sessionId)
    expect(fresh).not.toBeNull()
    expect(fresh).not.toBe(token)
    expect(await touch(token)).toBeNull()
    expect(await touch(fresh as string)).toMatchObject({ sessionId })
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
