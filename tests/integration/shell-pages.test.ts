import { beforeAll, describe, expect, it } from 'vitest'
import * as apiNotFound from '#app/routes/api.$'
import * as shell from '#app/routes/_app'
import * as notFound from '#app/routes/_app.$'
import * as home from '#app/routes/_app._index'
import * as homeAlias from '#app/routes/_app.home'
import * as manageIndex from '#app/routes/_app.manage._index'
import * as manage from '#app/routes/_app.manage'
import { RETURN_TO_WORK_FALLBACK } from '#app/ui/menu'
import { api, cookieFor, get } from './route-calls'

/**
 * The signed-in shell, the home page, System Management and the two 404 splats through their route
 * modules: each is guarded by its own registry pattern (a splat by the pattern of the address asked
 * for, so a screen this build lacks keeps its rule), and an address with no page is a 404.
 */

let readonly: string
let accounting: string
let admin: string

beforeAll(async () => {
  ;[readonly, accounting, admin] = await Promise.all(['readonly', 'accounting', 'admin'].map(cookieFor))
})

describe('the 404 page inside the shell', () => {
  it('answers 404 to a signed-in user, after the sign-in redirect for anonymous users', async () => {
    const missing = await get(notFound, readonly, '/no/such/page', { '*': 'no/such/page' })
    expect(missing).toMatchObject({ status: 404, thrown: true })
    const anonymous = await get(notFound, '', '/no/such/page', { '*': 'no/such/page' })
    expect(anonymous.location).toBe('/login?redirectTo=%2Fno%2Fsuch%2Fpage')
  })

  it("guards a screen of the spec this build lacks by that screen's own rule first", async () => {
    // /manage/taxes needs tax-manage: readonly is sent home, accounting gets the 404.
    expect(await get(notFound, readonly, '/manage/taxes')).toMatchObject({ status: 302, location: '/' })
    expect(await get(notFound, accounting, '/manage/taxes')).toMatchObject({ status: 404 })
  })
})

describe('the API 404', () => {
  it('answers JSON 404 to a signed-in caller, 401 to anonymous callers', async () => {
    expect(await api(apiNotFound, readonly, 'GET', '/api/no/such/call')).toMatchObject({
      status: 404,
      body: { status: 'NOT_FOUND', message: 'This API call is not available.' },
    })
    expect((await api(apiNotFound, '', 'DELETE', '/api/no/such/call')).status).toBe(401)
  })

  it("guards a call of the spec's tables this build lacks by its own rule, and its methods (405)", async () => {
    // POST /api/users needs role-edit.
    expect(await api(apiNotFound, readonly, 'POST', '/api/users', {}, {})).toMatchObject({
      status: 403,
      body: { status: 'FORBIDDEN' },
    })
    expect((await api(apiNotFound, admin, 'POST', '/api/users', {}, {})).status).toBe(404)
    // /api/reports/bordereau is POST only: any other method is a 405 with Allow, even before signing in.
    const wrong = await api(apiNotFound, '', 'PUT', '/api/reports/bordereau', {}, {})
    expect(wrong).toMatchObject({ status: 405, body: { status: 'METHOD_NOT_ALLOWED' } })
    expect(wrong.headers.get('Allow')).toBe('POST')
  })
})

describe('the shell, the home page and System Management', () => {
  it('the shell serves the menus of the signed-in user; anonymous users sign in', async () => {
    const page = await get(shell, readonly, '/hours')
    expect(page.body).toMatchObject({ username: 'readonly', askCode: false, menus: { manage: [] } })
    expect((await get(shell, '', '/hours')).location).toBe('/login?redirectTo=%2Fhours')
  })

  it('/ and /home are the home page, each guarded by its own pattern', async () => {
    for (const [module, path] of [
      [home, '/'],
      [homeAlias, '/home'],
    ] as const) {
      const page = await get(module, readonly, `${path}?hours=active&news=nonsense`)
      expect(page.body).toMatchObject({
        username: 'readonly',
        view: { news: 'recent', hours: 'active', appts: 'mine' },
        entries: null,
      })
      expect((await get(module, '', path)).location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
    }
  })

  it('/manage sends a user without any manage scope home, and opens for one with them', async () => {
    for (const module of [manage, manageIndex])
      expect(await get(module, readonly, '/manage')).toMatchObject({ status: 302, location: '/' })
    // The built management screens the user may open are listed; 'Return to work' goes to the firms.
    const page = await get(manageIndex, accounting, '/manage')
    expect(page).toMatchObject({ status: 200, body: { fallback: RETURN_TO_WORK_FALLBACK } })
    expect((page.body as { items: { path: string }[] }).items.map((item) => item.path)).toEqual(
      expect.arrayContaining(['/manage/mgaBilling', '/manage/producerCommissions']),
    )
  })
})
