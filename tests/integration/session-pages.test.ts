import { eq, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import { users, userSessions } from '#app/db/schema'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { hashPassword } from '#app/domain/password-hash.server'
import { PASSWORD_MESSAGES } from '#app/domain/password-rules'
import { STILL_TIMED_OUT_MESSAGE, WRONG_PASSWORD_MESSAGE } from '#app/domain/session'
import { LOGIN_MESSAGES } from '#app/models/user.server'
import * as apiLogin from '#app/routes/api.auth.login'
import * as apiLogout from '#app/routes/api.auth.logout'
import * as apiRelogin from '#app/routes/api.auth.relogin'
import * as apiSession from '#app/routes/api.auth.session'
import * as apiPassword from '#app/routes/api.users.$id.password'
import * as idle from '#app/routes/idle'
import * as login from '#app/routes/login'
import * as logout from '#app/routes/logout'
import * as mfa from '#app/routes/mfa'
import * as noPermission from '#app/routes/no-permission'
import * as password from '#app/routes/password'
import * as preferences from '#app/routes/_app.preferences'
import { api, get, post, postTo, sessionOf, type Answer } from './route-calls'
import { testDb } from './db'

/**
 * The session screens through their route modules (pageRoute with its intent tables, apiRoute) on the
 * real database: sign-in and its code step, relogin at /idle, the password change, two-step sign-in's
 * forms, logout and the no-permission page, with the spec's messages, statuses, redirects and flashes.
 */

const PASSWORD = 'Session-pages-secret-1'

/** A user of this file's own (so the throttles of the demo users stay untouched), and a session cookie. */
async function makeUser(username: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword(PASSWORD), ...extra })
    .returning()
  return { user, cookie: (await sessionOf(user.id)).cookie }
}

const toLogin = postTo(login, '/login')
const toIdle = postTo(idle, '/idle')
const toMfa = postTo(mfa, '/mfa')
const toPassword = postTo(password, '/password')

/** The cookies an answer sets, as a Cookie header (`name=value; …`). */
const cookiesOf = (answer: Answer<unknown>) =>
  answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
const clears = (answer: Answer<unknown>, name: string) =>
  answer.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=;`) && /Max-Age=0/i.test(cookie))

/** Times out every session of a user (its timeout is 1 minute, its last activity 5 minutes ago). */
async function timeOutSessionsOf(userId: number) {
  await testDb()
    .update(userSessions)
    .set({ login: sql`now() - interval '10 minutes'`, lastActivity: sql`now() - interval '5 minutes'` })
    .where(eq(userSessions.userId, userId))
}

type Result = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null }
const resultOf = (answer: Answer<unknown>) => (answer.body as { result?: Result }).result

/** The `headers` a page exports, as Remix calls it for the document and for the `.data` answer. */
function pageHeaders(module: { headers?: unknown }, actionHeaders: Headers): Headers {
  const headers = module.headers as
    | ((args: {
        actionHeaders: Headers
        loaderHeaders: Headers
        parentHeaders: Headers
        errorHeaders: Headers | undefined
      }) => HeadersInit)
    | undefined
  if (!headers) return new Headers()
  return new Headers(
    headers({ actionHeaders, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined }),
  )
}

describe('sign-in (/login)', () => {
  it('asks for the password; a signed-in user goes on to work, or to the safe redirectTo', async () => {
    expect((await get(login, '', '/login')).body).toEqual({ step: 'password' })
    const { cookie } = await makeUser('session.signed')
    const home = await get(login, cookie, '/login')
    // A user in no group: home is '/'.
    expect([home.status, home.location]).toEqual([302, '/'])
    expect((await get(login, cookie, '/login?redirectTo=%2Fhours')).location).toBe('/hours')
    expect((await get(login, cookie, '/login?redirectTo=%2F%2Fevil.example')).location).toBe('/')
  })

  it('answers a wrong password with the server description (401), the password never sent back', async () => {
    await makeUser('session.wrong')
    const wrong = await toLogin('', { username: 'session.wrong', password: 'not-it', redirectTo: '' })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ intent: '', error: LOGIN_MESSAGES.invalid })
    expect(JSON.stringify(wrong.body)).not.toContain('not-it')
    expect(wrong.headers.getSetCookie()).toEqual([])
    const empty = await toLogin('', { username: '', password: '' })
    expect(empty.status).toBe(400)
    expect(resultOf(empty)?.error).toMatchObject({ username: ['Username is required'] })
  })

  it('signs in: a new session and the page asked for', async () => {
    await makeUser('session.right')
    const ok = await toLogin('', { username: 'session.right', password: PASSWORD, redirectTo: '/hours' })
    expect([ok.status, ok.location]).toEqual([302, '/hours'])
    const session = cookiesOf(ok)
    expect(session).toMatch(/^mga_session=/)
    expect((await get(password, session, '/password')).body).toMatchObject({ username: 'session.right' })
  })

  it("throttles with 429 and Retry-After, in the page's answer and its headers (the document and the .data answer)", async () => {
    const username = 'session.nobody'
    const answers: Answer[] = []
    for (let i = 0; i < 6; i++) answers.push(await toLogin('', { username, password: `guess-${i}-long-enough` }))
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429])
    const throttled = answers[5]!
    expect(throttled.body).toMatchObject({ intent: '', error: LOGIN_MESSAGES.locked(15) })
    const wait = Number(throttled.headers.get('Retry-After'))
    expect(wait).toBeGreaterThan(60)
    // Without a headers export Remix keeps only Set-Cookie of an action's answer: the .data answer
    // (a sign-in with JavaScript) went out without Retry-After.
    expect(pageHeaders(login, throttled.headers).get('Retry-After')).toBe(String(wait))
    expect(throttled.body).not.toHaveProperty('retryAfterSeconds')
  })

  it('the code step: the password leads to it, a wrong code is refused at its field, the right one signs in; Start again forgets it', async () => {
    const { cookie } = await makeUser('session.twostep')
    const secret = await turnOnMfa(cookie)
    const first = await toLogin('', { username: 'session.twostep', password: PASSWORD, redirectTo: '/hours' })
    expect([first.status, first.location]).toEqual([302, '/login'])
    const pending = cookiesOf(first)
    expect(pending).toMatch(/^mga_mfa=/)
    expect((await get(login, pending, '/login')).body).toEqual({ step: 'code' })

    const wrong = await toLogin(pending, { intent: 'code', code: '000000' })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ intent: 'code', error: MFA_MESSAGES.invalid })
    expect(resultOf(wrong)?.error).toMatchObject({ code: [MFA_MESSAGES.invalid] })
    const missing = await toLogin(pending, { intent: 'code', code: '' })
    expect(missing.status).toBe(400)
    expect(resultOf(missing)?.error).toMatchObject({ code: [MFA_MESSAGES.codeRequired] })
    // No pending sign-in (expired, or never there): the password step again, with the message.
    const expired = await toLogin('', { intent: 'code', code: '123456' })
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ intent: 'code', step: 'password', error: MFA_MESSAGES.expired })

    const ok = await toLogin(pending, { intent: 'code', code: codeFor(secret, 1) })
    expect([ok.status, ok.location]).toEqual([302, '/hours'])
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('mga_session='))).toBe(true)
    expect(clears(ok, 'mga_mfa')).toBe(true)

    const restart = await toLogin(pending, { intent: 'restart' })
    expect([restart.status, restart.location]).toEqual([302, '/login'])
    expect(clears(restart, 'mga_mfa')).toBe(true)
    const unknown = await toLogin('', { intent: 'other' })
    expect(unknown).toMatchObject({ status: 400, body: { intent: 'other', error: 'This form cannot be sent here.' } })
  })

  it('POST /api/auth/login: the same refusals in the API words, 405 for GET', async () => {
    await makeUser('session.api')
    const wrong = await api(apiLogin, '', 'POST', '/api/auth/login', {}, { username: 'session.api', password: 'x' })
    expect(wrong).toMatchObject({
      status: 401,
      body: { status: 'INVALID_CREDENTIALS', message: LOGIN_MESSAGES.invalid, description: LOGIN_MESSAGES.invalid },
    })
    const ok = await api(apiLogin, '', 'POST', '/api/auth/login', {}, { username: 'session.api', password: PASSWORD })
    expect(ok).toMatchObject({ status: 200, body: { username: 'session.api' } })
    expect(ok.headers.getSetCookie()[0]).toMatch(/^mga_session=/)
    const get = await api(apiLogin, '', 'GET', '/api/auth/login')
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
  })
})

/** The code an authenticator app would show for this secret, `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 })

/** Turns two-step sign-in on through /mfa; answers the secret. */
async function turnOnMfa(cookie: string): Promise<string> {
  await toMfa(cookie, { intent: 'start' })
  const page = await get(mfa, cookie, '/mfa')
  const secret = (page.body as { enrolment: { secret: string } }).enrolment.secret.replace(/\s/g, '')
  const done = await toMfa(cookie, { intent: 'confirm', code: codeFor(secret) })
  expect(done.status).toBe(200)
  return secret
}

describe('relogin (/idle)', () => {
  it('sends a session that is not timed out back to work, and an anonymous user to Login', async () => {
    const { cookie } = await makeUser('idle.awake')
    const back = await get(idle, cookie, '/idle?redirectTo=%2Fhours')
    expect([back.status, back.location]).toEqual([302, '/hours'])
    expect((await get(idle, '', '/idle')).location).toBe('/login?redirectTo=%2Fidle')
  })

  it('asks a timed-out session to confirm; a refused relogin keeps it timed out (the dialog then says so)', async () => {
    const { user, cookie } = await makeUser('idle.refused', { timeoutMinutes: 1 })
    await timeOutSessionsOf(user.id)
    const page = await get(idle, cookie, '/idle?redirectTo=%2Fhours')
    expect(page.body).toMatchObject({ mode: 'confirm', redirectTo: '/hours', username: 'idle.refused', askCode: false })
    expect((page.body as { types: unknown[] }).types.length).toBeGreaterThan(0)

    const wrong = await toIdle(cookie, { sessionNotesType: '2', password: 'not-it', redirectTo: '/hours' })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ intent: '', error: WRONG_PASSWORD_MESSAGE })
    expect(JSON.stringify(wrong.body)).not.toContain('not-it')
    const noActivity = await toIdle(cookie, { sessionNotesType: '', password: PASSWORD })
    expect(noActivity.status).toBe(400)
    expect(resultOf(noActivity)?.error).toMatchObject({ sessionNotesType: ['This field is required.'] })
    const undescribed = await toIdle(cookie, { sessionNotesType: '1', password: PASSWORD })
    expect(resultOf(undescribed)?.error).toMatchObject({ sessionNotes: ['This field is required.'] })
    const unknownType = await toIdle(cookie, { sessionNotesType: '999999', password: PASSWORD })
    expect(unknownType).toMatchObject({ status: 400, body: { error: 'Choose an activity from the list.' } })

    // Closing the dialog checks the session: still timed out, so it stays with STILL_TIMED_OUT_MESSAGE.
    const check = await api(apiSession, cookie, 'GET', '/api/auth/session')
    expect(check.body).toEqual({ time_remaining: 0, timed_out: true, logout: false })
    expect(STILL_TIMED_OUT_MESSAGE).toBe(
      'The current session is still timed out and will require this form to be filled out.',
    )
    const relogin = await api(
      apiRelogin,
      cookie,
      'POST',
      '/api/auth/relogin',
      {},
      { sessionNotesType: 2, password: 'x' },
    )
    expect(relogin).toMatchObject({
      status: 401,
      body: { status: 'INVALID_PASSWORD', message: WRONG_PASSWORD_MESSAGE },
    })
  })

  it('keeps a form posted while timed out, and offers it after the relogin until the next POST, under a new session token', async () => {
    const { user, cookie } = await makeUser('idle.resumed', { timeoutMinutes: 1 })
    await timeOutSessionsOf(user.id)
    const posted = await post(preferences, cookie, '/preferences', {}, { intent: 'save', dense: 'on' })
    expect([posted.status, posted.location]).toEqual([303, '/idle?redirectTo=%2Fpreferences'])

    const ok = await toIdle(
      cookie,
      {
        sessionNotesType: '2',
        password: PASSWORD,
        redirectTo: '/preferences',
      },
      '?redirectTo=%2Fpreferences',
    )
    expect([ok.status, ok.location]).toEqual([302, '/idle?resume=1&redirectTo=%2Fpreferences'])
    const renewed = cookiesOf(ok)
    expect(renewed).toMatch(/^mga_session=/)
    expect(renewed).not.toBe(cookie)
    // The token seen before the timeout no longer opens the session.
    expect((await get(password, cookie, '/password')).location).toBe('/login?redirectTo=%2Fpassword')

    const resume = await get(idle, renewed, '/idle?resume=1&redirectTo=%2Fpreferences')
    expect(resume.body).toMatchObject({
      mode: 'resume',
      pending: {
        action: '/preferences',
        fields: [
          ['intent', 'save'],
          ['dense', 'on'],
        ],
        droppedFiles: 0,
      },
    })
    // Opening pages changes nothing: still offered; the session's next POST forgets it.
    expect((await get(preferences, renewed, '/preferences')).status).toBe(200)
    expect((await get(idle, renewed, '/idle?resume=1&redirectTo=%2Fpreferences')).body).toMatchObject({
      mode: 'resume',
    })
    await post(preferences, renewed, '/preferences', {}, { intent: 'save', dense: 'on' })
    expect((await get(idle, renewed, '/idle?resume=1&redirectTo=%2Fpreferences')).location).toBe('/preferences')
    expect((await api(apiSession, renewed, 'GET', '/api/auth/session')).body).toMatchObject({
      timed_out: false,
      logout: false,
    })
  })
})

describe('password change (/password)', () => {
  it('signs anonymous users in, and shows whose password and whether it must change', async () => {
    expect((await get(password, '', '/password')).location).toBe('/login?redirectTo=%2Fpassword')
    const { cookie } = await makeUser('pw.page', { mustChangePassword: true })
    expect((await get(password, cookie, '/password')).body).toEqual({ username: 'pw.page', required: true })
  })

  it("refuses at each field with the spec's messages, 'aaaaaaaaaaaa' too weak, and never sends a password back", async () => {
    const { cookie } = await makeUser('pw.refused')
    const refusal = async (fields: Record<string, string>, status: number, field: string, message: string) => {
      const answer = await toPassword(cookie, fields)
      expect(answer.status, message).toBe(status)
      expect(resultOf(answer)?.error?.[field], message).toEqual([message])
      expect(answer.body, message).toMatchObject({ intent: '', error: message })
      for (const value of Object.values(fields)) if (value) expect(JSON.stringify(answer.body)).not.toContain(value)
    }
    // The current, new and confirmed passwords typed, the field refused and its message.
    const cases: [string, string, string, string, string][] = [
      ['', '', '', 'currentPassword', PASSWORD_MESSAGES.currentRequired],
      [PASSWORD, 'short', 'short', 'newPassword', PASSWORD_MESSAGES.tooShort],
      [PASSWORD, 'Quite-long-enough-1', 'Another-long-one-2', 'confirmPassword', PASSWORD_MESSAGES.mismatch],
      [PASSWORD, 'aaaaaaaaaaaa', 'aaaaaaaaaaaa', 'newPassword', PASSWORD_MESSAGES.tooWeak],
      [
        'Not-the-current-one',
        'A-much-better-secret',
        'A-much-better-secret',
        'currentPassword',
        PASSWORD_MESSAGES.wrongCurrent,
      ],
    ]
    for (const [currentPassword, newPassword, confirmPassword, field, message] of cases)
      await refusal({ currentPassword, newPassword, confirmPassword }, 400, field, message)
  })

  it('changes the password and goes home with the snackbar', async () => {
    const { cookie } = await makeUser('pw.changed')
    const done = await toPassword(cookie, {
      currentPassword: PASSWORD,
      newPassword: 'A-much-better-secret',
      confirmPassword: 'A-much-better-secret',
    })
    expect([done.status, done.location]).toEqual([302, '/'])
    expect(done.flash).toEqual({ message: PASSWORD_MESSAGES.success, kind: 'success' })
  })

  it('a guessed current password is throttled: 429 at its field with Retry-After, carried by the page headers', async () => {
    const { cookie } = await makeUser('pw.guessed')
    const statuses: number[] = []
    let last: Answer | undefined
    for (let i = 0; i < 6; i++) {
      last = await toPassword(cookie, {
        currentPassword: `guess-${i}-long-enough`,
        newPassword: 'A-much-better-secret',
        confirmPassword: 'A-much-better-secret',
      })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
    expect(resultOf(last!)?.error?.currentPassword?.[0]).toMatch(/Too many failed sign-ins/)
    const wait = last!.headers.get('Retry-After')
    expect(Number(wait)).toBeGreaterThan(60)
    expect(pageHeaders(password, last!.headers).get('Retry-After')).toBe(wait)
  })

  it('PUT /api/users/{id}/password: only one’s own, refusals in the API words', async () => {
    const { user, cookie } = await makeUser('pw.api')
    const other = await api(
      apiPassword,
      cookie,
      'PUT',
      `/api/users/${user.id + 1000}/password`,
      { id: String(user.id + 1000) },
      {},
    )
    expect(other).toMatchObject({ status: 403, body: { message: 'You may change only your own password here.' } })
    const wrong = await api(
      apiPassword,
      cookie,
      'PUT',
      `/api/users/${user.id}/password`,
      { id: String(user.id) },
      { currentPassword: 'Not-it-at-all', newPassword: 'A-much-better-secret' },
    )
    expect(wrong).toMatchObject({
      status: 400,
      body: { status: 'INVALID_PARAMS', message: `currentPassword: ${PASSWORD_MESSAGES.wrongCurrent}` },
    })
  })
})

describe('two-step sign-in (/mfa)', () => {
  it('refuses a wrong or missing code at its field, an unknown form, and turning off what is not on (409)', async () => {
    expect((await get(mfa, '', '/mfa')).location).toBe('/login?redirectTo=%2Fmfa')
    const { cookie } = await makeUser('mfa.refusals')
    // Opening the page starts nothing; the start keeps a new secret until a code from it is confirmed.
    expect((await get(mfa, cookie, '/mfa')).body).toMatchObject({
      enabled: false,
      username: 'mfa.refusals',
      enrolment: null,
    })
    expect((await toMfa(cookie, { intent: 'start' })).location).toBe('/mfa')
    const missing = await toMfa(cookie, { intent: 'confirm', code: '' })
    expect(missing.status).toBe(400)
    expect(resultOf(missing)?.error).toMatchObject({ code: [MFA_MESSAGES.codeRequired] })
    const wrong = await toMfa(cookie, { intent: 'confirm', code: '000000' })
    expect(wrong.status).toBe(401)
    expect(resultOf(wrong)?.error).toMatchObject({ code: [MFA_MESSAGES.invalidEnrolment] })
    const unknown = await toMfa(cookie, { intent: 'other' })
    expect(unknown).toMatchObject({ status: 400, body: { intent: 'other', error: 'This form cannot be sent here.' } })
    const notOn = await toMfa(cookie, { intent: 'disable', currentPassword: PASSWORD, code: '123456' })
    expect(notOn).toMatchObject({ status: 409, body: { intent: 'disable', error: MFA_MESSAGES.notEnabled } })
    expect(JSON.stringify(notOn.body)).not.toContain(PASSWORD)
  })

  it('once on: confirming again is a 409; turning off refuses a wrong password or code at its field, then goes back with the snackbar', async () => {
    const { cookie } = await makeUser('mfa.disabling')
    const secret = await turnOnMfa(cookie)
    const again = await toMfa(cookie, { intent: 'confirm', code: codeFor(secret, 1) })
    expect(again).toMatchObject({ status: 409, body: { intent: 'confirm', error: MFA_MESSAGES.alreadyEnabled } })
    const badPassword = await toMfa(cookie, { intent: 'disable', currentPassword: 'not-it', code: codeFor(secret, 1) })
    expect(badPassword.status).toBe(401)
    expect(resultOf(badPassword)?.error).toMatchObject({ currentPassword: ['The current password is not correct.'] })
    const badCode = await toMfa(cookie, { intent: 'disable', currentPassword: PASSWORD, code: '000000' })
    expect(badCode.status).toBe(401)
    expect(resultOf(badCode)?.error).toMatchObject({ code: [MFA_MESSAGES.invalid] })
    const off = await toMfa(cookie, { intent: 'disable', currentPassword: PASSWORD, code: codeFor(secret, 1) })
    expect([off.status, off.location]).toEqual([302, '/mfa'])
    expect(off.flash).toEqual({ message: MFA_MESSAGES.disabled, kind: 'success' })
  })
})

describe('the throttled pages carry Retry-After in their headers (document and .data answer)', () => {
  it('login, idle, password and mfa export the headers that keep an action answer’s Retry-After', () => {
    for (const [name, module] of Object.entries({ login, idle, password, mfa })) {
      const carried = pageHeaders(module, new Headers({ 'Retry-After': '120', 'X-Other': 'no' }))
      expect(carried.get('Retry-After'), name).toBe('120')
      expect(carried.get('X-Other'), name).toBeNull()
    }
  })
})

describe('logout and the no-permission page', () => {
  it('POST /logout ends the session and lands on Login with the snackbar; GET /logout changes nothing', async () => {
    const { cookie } = await makeUser('session.leaving')
    const got = await get(logout, cookie, '/logout')
    expect([got.status, got.location]).toEqual([302, '/login'])
    expect((await get(password, cookie, '/password')).status).toBe(200)
    const out = await post(logout, cookie, '/logout', {}, {})
    expect([out.status, out.location]).toEqual([302, '/login'])
    expect(out.flash).toEqual({ message: 'You have been logged out.', kind: 'info' })
    expect(clears(out, 'mga_session')).toBe(true)
    expect((await get(password, cookie, '/password')).location).toBe('/login?redirectTo=%2Fpassword')
    // Anonymous: nothing to end, the same answer.
    expect((await post(logout, '', '/logout', {}, {})).location).toBe('/login')
  })

  it('GET /api/auth/logout ends the session; the session check then says logout', async () => {
    const { cookie } = await makeUser('session.api.leaving')
    expect((await api(apiSession, cookie, 'GET', '/api/auth/session')).body).toMatchObject({ logout: false })
    const out = await api(apiLogout, cookie, 'GET', '/api/auth/logout')
    expect(out).toMatchObject({ status: 200, body: { status: 'LOGGED_OUT' } })
    expect(clears(out, 'mga_session')).toBe(true)
    expect((await api(apiSession, cookie, 'GET', '/api/auth/session')).body).toEqual({
      time_remaining: 0,
      timed_out: false,
      logout: true,
    })
  })

  it('/no-permission is open to anyone, signed in or not, and has no form', async () => {
    expect((await get(noPermission, '', '/no-permission')).status).toBe(200)
    const { cookie } = await makeUser('session.refused')
    expect((await get(noPermission, cookie, '/no-permission')).status).toBe(200)
    expect('action' in noPermission).toBe(false)
  })
})
