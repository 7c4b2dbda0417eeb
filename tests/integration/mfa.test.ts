import { and, eq, isNull, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { afterEach, describe, expect, it } from 'vitest'
import { requireUser } from '#app/http/guard.server'
import { hashPassword } from '#app/domain/password-hash.server'
import { relogin } from '#app/auth/relogin.server'
import { commitSessionToken } from '#app/auth/session.server'
import { resetConfig } from '#app/config.server'
import { authGroups, authGroupUsers, mfaRecoveryCodes, users, userSessions } from '#app/db/schema'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { openSession } from '#app/models/session.server'
import * as apiLogin from '#app/routes/api.auth.login'
import * as loginRoute from '#app/routes/login'
import * as mfaRoute from '#app/routes/mfa'
import { testDb } from './db'

const PASSWORD = 'Mfa-test-password-1'
const context = { clientIp: '127.0.0.1', requestId: 'mfa-test' }

/** The code an authenticator app would show for this secret, `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')),
    timestamp: Date.now() + steps * 30_000,
  })

async function makeUser(username: string, options: { admin?: boolean } = {}) {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD) })
    .returning()
  if (options.admin) {
    const [admin] = await testDb().select({ id: authGroups.id }).from(authGroups).where(eq(authGroups.name, 'admin'))
    await testDb().insert(authGroupUsers).values({ groupId: admin.id, userId: user.id })
  }
  const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: 'vitest' })
  const cookie = (await commitSessionToken(new Request('http://localhost/'), token)).split(';')[0]
  return { user, cookie }
}

type Answer = { status: number; headers: Headers; body: Record<string, unknown> | null }
async function run(handler: (args: never) => Promise<unknown>, request: Request): Promise<Answer> {
  let result: unknown
  try {
    result = await handler({ request, params: {}, context } as never)
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) {
    const text = await result.text()
    return {
      status: result.status,
      headers: result.headers,
      body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : null,
    }
  }
  // Remix `data()`: { type: 'DataWithResponseInit', data, init }
  const wrapped = result as { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null }
  if (wrapped && typeof wrapped === 'object' && 'init' in wrapped) {
    return {
      status: wrapped.init?.status ?? 200,
      headers: new Headers(wrapped.init?.headers),
      body: wrapped.data as Record<string, unknown>,
    }
  }
  return { status: 200, headers: new Headers(), body: result as Record<string, unknown> }
}

const form = (path: string, fields: Record<string, string>, cookie = '') =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields),
  })
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** Turns MFA on through the /mfa page as the signed-in user; answers the secret and the recovery codes. */
async function enrol(cookie: string) {
  const mfaPage = async () =>
    (await run(mfaRoute.loader, new Request('http://localhost/mfa', { headers: { Cookie: cookie } }))).body as {
      enabled: boolean
      enrolment: { secret: string; qrCode: string } | null
    }
  // Opening the page writes nothing: the enrolment starts with a POST, and a second start keeps its secret.
  expect(await mfaPage()).toMatchObject({ enabled: false, enrolment: null })
  expect(await mfaPage()).toMatchObject({ enabled: false, enrolment: null })
  const started = await run(mfaRoute.action, form('/mfa', { intent: 'start' }, cookie))
  expect([started.status, started.headers.get('Location')]).toEqual([302, '/mfa'])
  const loaded = (await mfaPage()).enrolment!
  await run(mfaRoute.action, form('/mfa', { intent: 'start' }, cookie))
  expect((await mfaPage()).enrolment!.secret).toBe(loaded.secret)
  const secret = loaded.secret.replace(/\s/g, '')
  const unknown = await run(mfaRoute.action, form('/mfa', { intent: 'other' }, cookie))
  expect(unknown.status).toBe(400)
  const wrong = await run(
    mfaRoute.action,
    form(
      '/mfa',
      { intent: 'confirm', code: String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0') },
      cookie,
    ),
  )
  expect(wrong.status).toBe(401)
  const done = await run(mfaRoute.action, form('/mfa', { intent: 'confirm', code: codeFor(secret) }, cookie))
  expect(done.status).toBe(200)
  return { secret, qrCode: loaded.qrCode, codes: (done.body as { recoveryCodes: string[] }).recoveryCodes }
}

const sessionsOf = async (userId: number) =>
  (
    await testDb()
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.logout)))
  ).length

afterEach(() => {
  delete process.env.REQUIRE_MFA_FOR_ADMIN
  resetConfig()
})

describe('two-step sign-in (TOTP, issue 10 item 2)', () => {
  it('enrols: a server-made QR code and the secret, a confirmed code, then ten recovery codes shown once and stored hashed', async () => {
    const { user, cookie } = await makeUser('mfa.enrol')
    const { secret, qrCode, codes } = await enrol(cookie)
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const [row] = await testDb().select().from(users).where(eq(users.id, user.id))
    expect([row.mfaEnabled, row.mfaSecret]).toEqual([true, secret])
    const stored = await testDb().select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))
    expect(stored).toHaveLength(10)
    for (const code of codes) expect(stored.map((s) => s.codeHash)).not.toContain(code)
    // Now the page offers only the way to turn it off.
    const again = await run(mfaRoute.loader, new Request('http://localhost/mfa', { headers: { Cookie: cookie } }))
    expect(again.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
  })

  it('signs in with the password, then the code (no session before it); a code is accepted once; a recovery code once', async () => {
    const { user, cookie } = await makeUser('mfa.signin')
    const { secret, codes } = await enrol(cookie)
    const before = await sessionsOf(user.id)

    const password = await run(
      loginRoute.action,
      form('/login', { username: 'mfa.signin', password: PASSWORD, redirectTo: '/hours' }),
    )
    expect(password.status).toBe(302)
    expect(password.headers.get('Location')).toBe('/login')
    const pending = cookiesOf(password.headers)
    expect(pending).toMatch(/^mga_mfa=/)
    expect(password.headers.getSetCookie().join()).toMatch(/Max-Age=300/)
    expect(await sessionsOf(user.id)).toBe(before) // no session yet
    // The page now asks for the code.
    expect(
      (await run(loginRoute.loader, new Request('http://localhost/login', { headers: { Cookie: pending } }))).body,
    ).toEqual({ step: 'code' })

    const bad = await run(loginRoute.action, form('/login', { intent: 'code', code: '000000' }, pending))
    expect(bad.status).toBe(401)
    expect(JSON.stringify(bad.body)).toContain(MFA_MESSAGES.invalid)

    const code = codeFor(secret, 1)
    const ok = await run(loginRoute.action, form('/login', { intent: 'code', code }, pending))
    expect(ok.status).toBe(302)
    expect(ok.headers.get('Location')).toBe('/hours')
    const set = ok.headers.getSetCookie()
    expect(set.some((c) => c.startsWith('mga_session='))).toBe(true)
    expect(set.some((c) => c.startsWith('mga_mfa=;'))).toBe(true)
    expect(await sessionsOf(user.id)).toBe(before + 1)
    const session = cookiesOf(ok.headers)
      .split('; ')
      .find((c) => c.startsWith('mga_session='))!
    await expect(
      requireUser(new Request('http://localhost/home', { headers: { Cookie: session } }), '/home'),
    ).resolves.toMatchObject({ id: user.id })

    // The same code again (a replay) is refused.
    const replay = await run(loginRoute.action, form('/login', { intent: 'code', code }, pending))
    expect(replay.status).toBe(401)

    // A recovery code signs in once.
    const recovery = await run(
      loginRoute.action,
      form('/login', { intent: 'code', code: codes[3].toUpperCase() }, pending),
    )
    expect(recovery.status).toBe(302)
    const second = await run(loginRoute.action, form('/login', { intent: 'code', code: codes[3] }, pending))
    expect(second.status).toBe(401)
  })

  it('refuses a code step without a valid pending cookie (tampered or missing)', async () => {
    const missing = await run(loginRoute.action, form('/login', { intent: 'code', code: '123456' }))
    expect(missing.status).toBe(401)
    expect(JSON.stringify(missing.body)).toContain(MFA_MESSAGES.expired)
    const forged = await run(
      loginRoute.action,
      form('/login', { intent: 'code', code: '123456' }, 'mga_mfa=eyJ1IjoxLCJ4Ijo5OTk5OTk5OTk5OTk5fQ%3D%3D.bad'),
    )
    expect(forged.status).toBe(401)
  })

  it('throttles the code step like the password: 429 with Retry-After', async () => {
    const { cookie } = await makeUser('mfa.throttle')
    await enrol(cookie)
    const password = await run(loginRoute.action, form('/login', { username: 'mfa.throttle', password: PASSWORD }))
    const pending = cookiesOf(password.headers)
    const statuses: number[] = []
    let last: Answer | undefined
    for (let i = 0; i < 7; i++) {
      last = await run(loginRoute.action, form('/login', { intent: 'code', code: 'wrong-code' }, pending))
      statuses.push(last.status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429])
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(60)
  })

  it('/api/auth/login takes code, and answers MFA_REQUIRED without it', async () => {
    const { cookie } = await makeUser('mfa.api')
    const { secret } = await enrol(cookie)
    const post = (body: unknown) =>
      run(
        apiLogin.action,
        new Request('http://localhost/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const without = await post({ username: 'mfa.api', password: PASSWORD })
    expect(without).toMatchObject({ status: 401, body: { status: 'MFA_REQUIRED', message: MFA_MESSAGES.apiRequired } })
    expect(without.headers.getSetCookie()).toEqual([])
    expect((await post({ username: 'mfa.api', password: PASSWORD, code: '000000' })).status).toBe(401)
    const ok = await post({ username: 'mfa.api', password: PASSWORD, code: codeFor(secret, -1) })
    expect(ok).toMatchObject({ status: 200, body: { username: 'mfa.api' } })
    expect(ok.headers.getSetCookie()[0]).toMatch(/^mga_session=/)
  })

  it('relogin asks for the code too', async () => {
    const { user, cookie } = await makeUser('mfa.relogin')
    const { secret } = await enrol(cookie)
    const current = await requireUser(new Request('http://localhost/idle', { headers: { Cookie: cookie } }), '/idle', {
      allowTimedOut: true,
    })
    const request = new Request('http://localhost/api/auth/relogin', { method: 'POST' })
    const input = { sessionNotesType: 1, password: PASSWORD }
    expect(await relogin(request, current, input, '127.0.0.1')).toMatchObject({
      ok: false,
      status: 401,
      message: MFA_MESSAGES.codeRequired,
    })
    expect(await relogin(request, current, { ...input, code: '000000' }, '127.0.0.1')).toMatchObject({
      ok: false,
      status: 401,
    })
    expect(await relogin(request, current, { ...input, code: codeFor(secret, 1) }, '127.0.0.1')).toMatchObject({
      ok: true,
    })
    expect(user.id).toBe(current.id)
  })

  it('turns off with the current password and a code', async () => {
    const { user, cookie } = await makeUser('mfa.disable')
    const { secret } = await enrol(cookie)
    const wrongPassword = await run(
      mfaRoute.action,
      form('/mfa', { intent: 'disable', currentPassword: 'not-it', code: codeFor(secret, 1) }, cookie),
    )
    expect(wrongPassword.status).toBe(401)
    const noCode = await run(
      mfaRoute.action,
      form('/mfa', { intent: 'disable', currentPassword: PASSWORD, code: '' }, cookie),
    )
    expect(noCode.status).toBe(400)
    const done = await run(
      mfaRoute.action,
      form('/mfa', { intent: 'disable', currentPassword: PASSWORD, code: codeFor(secret, 1) }, cookie),
    )
    expect(done.status).toBe(302)
    const [row] = await testDb().select().from(users).where(eq(users.id, user.id))
    expect([row.mfaEnabled, row.mfaSecret]).toEqual([false, null])
    const [{ count }] = await testDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id))
    expect(count).toBe(0)
    // Signing in is one step again.
    const signIn = await run(loginRoute.action, form('/login', { username: 'mfa.disable', password: PASSWORD }))
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('mga_session='))).toBe(true)
  })

  it('REQUIRE_MFA_FOR_ADMIN sends an administrator without MFA to /mfa before anything else', async () => {
    const { cookie } = await makeUser('mfa.admin', { admin: true })
    const home = () =>
      requireUser(new Request('http://localhost/home', { headers: { Cookie: cookie } }), '/home').then(
        () => null,
        (t: unknown) => t,
      )
    expect(await home()).toBeNull()
    process.env.REQUIRE_MFA_FOR_ADMIN = 'true'
    resetConfig()
    const thrown = (await home()) as Response
    expect([thrown.status, thrown.headers.get('Location')]).toEqual([302, '/mfa'])
    const api = (await requireUser(
      new Request('http://localhost/api/notes', { headers: { Cookie: cookie } }),
      '/api/notes',
    ).then(
      () => null,
      (t: unknown) => t,
    )) as Response
    expect(api.status).toBe(403)
    expect(await api.json()).toMatchObject({ status: 'MFA_ENROLMENT_REQUIRED' })
    await enrol(cookie)
    expect(await home()).toBeNull()
  })
})
