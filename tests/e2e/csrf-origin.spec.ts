import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { APIRequestContext, Page, Request } from '@playwright/test'
import { BASE_URL } from './base-url'
import { passwordOf, someFirm } from './factories'
import { expect, test } from './fixtures'

/**
 * CSRF from a real second origin (issue 10 item 8). security.spec.ts covers a page Playwright fakes
 * at evil.example (cross-site, so SameSite=Lax already keeps the cookie home). Here a tiny HTTP
 * server of this test serves the attacker's pages from two real origins:
 * - http://127.0.0.1:<other port>: same site, other origin. The browser sends the Lax session cookie
 *   along, so only the server's Origin / Sec-Fetch-Site check stands between the page and a write;
 * - http://127.0.0.2:<other port>: another site (no cookie under Lax; refused all the same).
 * Each page submits itself on load (a form POST) or sends a credentialed `fetch`; each answer must be
 * 403 with the message, and the data must not change.
 */

const VICTIM = 'jrivera'
/** server/security.ts's answer (tests import only through #app, so it is repeated here). */
const CROSS_SITE_MESSAGE = 'Requests from other sites are refused.'
let attacker: http.Server
let attackerPort = 0
const pages = new Map<string, string>()

test.beforeAll(async () => {
  attacker = http.createServer((req, res) => {
    const html = pages.get((req.url ?? '/').split('?')[0]!)
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html' })
    res.end(html ? `<!doctype html><html><head><title>Prize</title></head><body>${html}</body></html>` : 'not found')
  })
  await new Promise<void>((resolve) => attacker.listen(0, '0.0.0.0', resolve))
  attackerPort = (attacker.address() as AddressInfo).port
})
test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve))
})

async function signIn(page: Page) {
  const response = await page.request.post('/login', {
    form: { username: VICTIM, password: passwordOf(VICTIM), redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
}

async function noteCount(api: APIRequestContext, fid: number): Promise<number> {
  const answer = await api.post('/api/notes/search', { data: { whereObjects: { fid }, perPage: 1 } })
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { count: number }).count
}

/** The victim signed in, a firm, and its count of notes before the attack. */
async function victimAndFirm(page: Page) {
  await signIn(page)
  const fid = (await someFirm(page.request)).fid
  return { fid, before: await noteCount(page.request, fid) }
}

async function dense(page: Page): Promise<boolean> {
  const html = await (await page.request.get('/preferences')).text()
  return /name="dense"[^>]*checked|checked[^>]*name="dense"/.test(html)
}

/** Serves `html` at the attacker's origin and opens it; answers the app's response to the first request to `target`. */
async function attack(page: Page, host: string, name: string, html: string, target: string) {
  pages.set(`/${name}`, html)
  const sent = page.waitForRequest(
    (request) => request.url().startsWith(`${BASE_URL}${target}`) && request.method() !== 'OPTIONS',
  )
  const answered = page.waitForResponse(
    (response) => response.url().startsWith(`${BASE_URL}${target}`) && response.request().method() !== 'OPTIONS',
  )
  await page.goto(`http://${host}:${attackerPort}/${name}`)
  const [request, response] = await Promise.all([sent, answered])
  return { request, response }
}

const cookieOf = async (request: Request) => (await request.allHeaders()).cookie ?? ''

for (const [label, host, sameSite] of [
  ['same site, another origin (127.0.0.1, another port)', '127.0.0.1', true],
  ['another site (127.0.0.2)', '127.0.0.2', false],
] as const) {
  test.describe(`CSRF from ${label}`, () => {
    test('an auto-submitting form POST to a page is refused with 403 and changes nothing', async ({ page }) => {
      await signIn(page)
      const before = await dense(page)
      const form = `<form id="f" method="post" action="${BASE_URL}/preferences">
        <input name="intent" value="save"><input name="dense" value="on"><input name="noTooltips" value="on">
        <input name="home" value="claims"><input name="searchAutoSetting" value="clear">
        <input name="primary" value="#000000"><input name="secondary" value="#000000"><input name="accent" value="#ff0000"><input name="background" value="#ff0000">
      </form><script>document.getElementById('f').submit()</script>`
      const { request, response } = await attack(page, host, 'prefs', form, '/preferences')
      expect(request.method()).toBe('POST')
      // Under SameSite=Lax the cookie goes along from the same site: only the server's check refuses it.
      if (sameSite) expect(await cookieOf(request)).toMatch(/session/i)
      expect(response.status()).toBe(403)
      expect(await response.text()).toBe(CROSS_SITE_MESSAGE)
      expect(await dense(page)).toBe(before)
    })

    test('an auto-submitting form POST of a new note to the firm page is refused and adds no note', async ({
      page,
    }) => {
      const { fid, before } = await victimAndFirm(page)
      const form = `<form id="f" method="post" action="${BASE_URL}/viewFirmNote/${fid}">
        <input name="intent" value="note-create"><input name="fid" value="${fid}">
      </form><script>document.getElementById('f').submit()</script>`
      const { response } = await attack(page, host, 'note', form, `/viewFirmNote/${fid}`)
      expect(response.status()).toBe(403)
      expect(await noteCount(page.request, fid)).toBe(before)
    })

    test('a credentialed fetch to a JSON API (text/plain, no preflight) is refused; a JSON one is stopped by CORS', async ({
      page,
    }) => {
      const { fid, before } = await victimAndFirm(page)
      const script = `<script>
        fetch('${BASE_URL}/api/notes', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ fid: ${fid} }) })
      </script>`
      // (An opaque answer's body and cookie header are not exposed to the test; the status is.)
      const { response } = await attack(page, host, 'fetch', script, '/api/notes')
      expect(response.status()).toBe(403)

      // With application/json the browser asks first (OPTIONS); the app grants no CORS, so the POST is never sent.
      pages.set(
        '/json',
        `<script>
        window.result = fetch('${BASE_URL}/api/notes', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fid: ${fid} }) })
          .then((r) => 'answered ' + r.status, (e) => 'blocked ' + e.name)
      </script>`,
      )
      await page.goto(`http://${host}:${attackerPort}/json`)
      expect(await page.evaluate(() => (window as unknown as { result: Promise<string> }).result)).toBe(
        'blocked TypeError',
      )
      expect(await noteCount(page.request, fid)).toBe(before)
    })
  })
}

test('the same forms from the app itself still work (the check refuses origins, not forms)', async ({ page }) => {
  const { fid, before } = await victimAndFirm(page)
  const created = await page.request.post('/api/notes', { data: { fid } })
  expect(created.status()).toBe(201)
  expect(await noteCount(page.request, fid)).toBe(before + 1)
})
