import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { requireUser } from '#app/http/guard.server'
import { changeOwnPassword } from '#app/auth/password-change.server'
import { newPasswordProblem } from '#app/auth/password-policy.server'
import { hashPassword, verifyPassword } from '#app/domain/password-hash.server'
import { commitSessionToken } from '#app/auth/session.server'
import { changeLog, users } from '#app/db/schema'
import { openSession, touchSession } from '#app/models/session.server'
import * as passwordApi from '#app/routes/api.users.$id.password'
import * as passwordPage from '#app/routes/password'
import { PASSWORD_MESSAGES } from '#app/schemas/auth'
import { testDb } from './db'

const LIMITS = { graceMinutes: 240, maxHours: 14 }

async function signedIn(username: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword('Old-password-long-1'), ...extra })
    .returning()
  const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
  const cookie = (await commitSessionToken(new Request('http://localhost/'), token)).split(';')[0]
  const request = (path: string, method = 'GET') =>
    new Request(`http://localhost${path}`, { method, headers: { Cookie: cookie } })
  return { user, token, request }
}

describe('password rules', () => {
  it('refuses common passwords (also with digits added), the username, and the current password', () => {
    expect(newPasswordProblem('password1234', { username: 'x' })).toBe(PASSWORD_MESSAGES.common)
    expect(newPasswordProblem('qwertyuiop123', { username: 'x' })).toBe(PASSWORD_MESSAGES.common)
    expect(newPasswordProblem('iloveyou2026!!', { username: 'x' })).toBe(PASSWORD_MESSAGES.common)
    expect(newPasswordProblem('jsmith-is-my-name', { username: 'jsmith' })).toBe(PASSWORD_MESSAGES.sameAsUsername)
    expect(newPasswordProblem('Same-as-before-1', { username: 'x', current: 'Same-as-before-1' })).toBe(
      PASSWORD_MESSAGES.sameAsCurrent,
    )
    expect(newPasswordProblem('correct horse battery staple', { username: 'x' })).toBeNull()
  })
})

describe('changing one’s own password', () => {
  it('needs the current password, then stores an argon2id hash and ends the other sessions', async () => {
    const { user, request } = await signedIn('pw.changer')
    const other = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: null })
    const current = await requireUser(request('/password'), '/password')
    const wrong = await changeOwnPassword(
      current,
      { currentPassword: 'not-the-one', newPassword: 'A-much-better-secret' },
      '127.0.0.1',
    )
    expect(wrong).toMatchObject({ ok: false, field: 'currentPassword', message: PASSWORD_MESSAGES.wrongCurrent })
    const common = await changeOwnPassword(
      current,
      { currentPassword: 'Old-password-long-1', newPassword: 'password1234' },
      '127.0.0.1',
    )
    expect(common).toMatchObject({ ok: false, field: 'newPassword', message: PASSWORD_MESSAGES.common })
    const done = await changeOwnPassword(
      current,
      { currentPassword: 'Old-password-long-1', newPassword: 'A-much-better-secret' },
      '127.0.0.1',
    )
    expect(done).toEqual({ ok: true })
    const [after] = await testDb().select().from(users).where(eq(users.id, user.id))
    expect(after.passwordHash.startsWith('$argon2id$')).toBe(true)
    expect(await verifyPassword(after.passwordHash, 'A-much-better-secret')).toBe(true)
    expect(await touchSession(testDb(), other.token, { countActivity: false, limits: LIMITS })).toBeNull()
    await expect(requireUser(request('/home'), '/home')).resolves.toMatchObject({ id: user.id })
    // The change log records the change, never a hash (ASVS V16).
    const logged = await testDb()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'user'), eq(changeLog.entityId, String(user.id))))
    expect(logged.length).toBeGreaterThan(0)
    expect(JSON.stringify(logged)).not.toMatch(/argon2|A-much-better-secret|Old-password/)
  })

  it('sends a user with a one-time password to /password, and the API answers 403, until it is changed', async () => {
    const { request } = await signedIn('one.time', { mustChangePassword: true })
    const page = await requireUser(request('/home'), '/home').then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(page).toBeInstanceOf(Response)
    expect((page as Response).headers.get('Location')).toBe('/password')
    const api = await requireUser(request('/api/notes/1'), '/api/notes/:id').then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect((api as Response).status).toBe(403)
    const user = await requireUser(request('/password'), '/password')
    expect(user.mustChangePassword).toBe(true)
    expect(
      await changeOwnPassword(
        user,
        { currentPassword: 'Old-password-long-1', newPassword: 'Now-my-own-secret' },
        '127.0.0.1',
      ),
    ).toEqual({ ok: true })
    await expect(requireUser(request('/home'), '/home')).resolves.toMatchObject({ mustChangePassword: false })
  })
})

describe('a weak new password is refused wherever a password is set (issue 23)', () => {
  it("refuses 'aaaaaaaaaaaa' on /password and PUT /api/users/{id}/password with the message, and keeps the old one", async () => {
    const { user, request } = await signedIn('weak.chooser')
    const page = await passwordPage
      .action({
        request: new Request('http://localhost/password', {
          method: 'POST',
          headers: { Cookie: request('/').headers.get('Cookie')!, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            currentPassword: 'Old-password-long-1',
            newPassword: 'aaaaaaaaaaaa',
            confirmPassword: 'aaaaaaaaaaaa',
          }),
        }),
        params: {},
        context: { clientIp: '127.0.0.1', requestId: 'password-test' },
      } as never)
      .catch((thrown: unknown) => thrown)
    const refused = page as { init: { status: number }; data: { result: { error: Record<string, string[]> } } }
    expect(refused.init.status).toBe(400)
    expect(refused.data.result.error.newPassword).toEqual([PASSWORD_MESSAGES.tooWeak])

    const api = (await passwordApi.action({
      request: new Request(`http://localhost/api/users/${user.id}/password`, {
        method: 'PUT',
        headers: { Cookie: request('/').headers.get('Cookie')!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ currentPassword: 'Old-password-long-1', newPassword: 'aaaaaaaaaaaa' }),
      }),
      params: { id: String(user.id) },
      context: { clientIp: '127.0.0.1', requestId: 'password-test' },
    } as never)) as Response
    expect(api.status).toBe(400)
    expect(await api.json()).toEqual({ status: 'INVALID_PARAMS', message: `newPassword: ${PASSWORD_MESSAGES.tooWeak}` })

    const [after] = await testDb().select().from(users).where(eq(users.id, user.id))
    expect(await verifyPassword(after.passwordHash, 'Old-password-long-1')).toBe(true)
  })
})
