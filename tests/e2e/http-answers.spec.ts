import http from 'node:http'
import type { APIRequestContext, Page } from '@playwright/test'
import { TOO_LARGE_MESSAGE } from '#app/http/api.server'
import { FORM_TOO_LARGE_MESSAGE } from '#app/http/form.server'
import { MAX_UPLOAD_MESSAGE } from '#app/domain/files'
import { BASE_URL } from './base-url'
import { makeClaim, makeFirmFile, makeNote, passwordOf, someFirm, unique } from './factories'
import { expect, login, test } from './fixtures'
import { startOwnServer, type OwnServer } from './own-server'

/**
 * Issue 23, the server's answers at the edges: HEAD, TRACE and `?_data=` answer their 4xx (or, for
 * HEAD, GET without a body) and log nothing; a body over the cap gets its 413 before the connection
 * closes; security headers are sent once; the login page's 429 says when to retry; a link on another
 * site neither signs anyone out nor gets past the cross-site filter with HEAD.
 */

const FORBIDDEN_PAGE = 'You do not have permission to view this page'
const CROSS_SITE_MESSAGE = 'Requests from other sites are refused.'

/**
 * A firm for this spec's records other than `someFirm`'s, whose note counts the CSRF spec compares
 * while it runs in parallel.
 */
async function quietFirm(api: APIRequestContext): Promise<number> {
  const fid = 1077
  expect((await api.get(`/api/firms/${fid}`)).status()).toBe(200)
  return fid
}

const countOf = (rawHeaders: string[], name: string) =>
  rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === name.toLowerCase()).length

interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  rawHeaders: string[]
  body: string
}

/**
 * One request with Node's own HTTP client (what curl or a script sends): any method, a body of `size`
 * bytes sent as it is written (with Content-Length, or chunked), and the whole answer read. A reset
 * connection is an error, not an answer.
 */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; size?: number; chunked?: boolean } = {},
): Promise<RawAnswer> {
  const target = new URL(url)
  const size = options.size ?? 0
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...options.headers, ...(size && !options.chunked ? { 'Content-Length': String(size) } : {}) },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    if (!size) return request.end()
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    let sent = 0
    const write = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent))
        sent += part.length
        if (!request.write(part)) return void request.once('drain', write)
      }
      request.end()
    }
    write()
  })
}

/** A session cookie for a demo account, signed in through the login form. */
async function sessionCookie(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: passwordOf(username), redirectTo: '/' }),
    redirect: 'manual',
  })
  expect(response.status).toBe(302)
  const cookie = response.headers.getSetCookie().find((line) => /session/i.test(line))
  if (!cookie) throw new Error('no session cookie')
  return cookie.split(';')[0]!
}

test.describe('HEAD, TRACE and ?_data= (item 5)', () => {
  // A server of its own, to read what it logs.
  test.describe.configure({ mode: 'default', timeout: 120_000 })
  let server: OwnServer
  let cookie = ''
  test.beforeAll(async () => {
    server = await startOwnServer()
    cookie = await sessionCookie(server.url, 'admin')
  })
  test.afterAll(async () => {
    await server?.stop()
  })
  test.beforeEach(() => server.mark())
  /** Nothing logged by the requests of the test (anything logged late has a moment to arrive). */
  const nothingLogged = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.output()).toBe('')
  }

  test('HEAD is GET without a body, on API routes and pages, and logs nothing', async () => {
    const apis = ['/api/states', '/api/me', '/api/notes/forms', '/api/lists', '/api/sessions/active', '/api/firms/1001']
    for (const path of [...apis, '/home', '/search/firms/firmsSearch']) {
      const get = await raw(`${server.url}${path}`, { headers: { Cookie: cookie } })
      const head = await raw(`${server.url}${path}`, { method: 'HEAD', headers: { Cookie: cookie } })
      expect({ path, status: head.status, body: head.body }).toEqual({ path, status: get.status, body: '' })
      expect(head.headers['content-type'], path).toBe(get.headers['content-type'])
      expect(get.status, path).toBe(200)
    }
    // Anonymous: the same refusal as GET.
    const anonymous = await raw(`${server.url}/api/states`, { method: 'HEAD' })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toBe('')
    await nothingLogged()
  })

  test('TRACE answers 405 on any path, and logs nothing', async () => {
    for (const path of ['/login', '/api/states', '/', '/no-such-page']) {
      const trace = await raw(`${server.url}${path}`, { method: 'TRACE', headers: { Cookie: cookie } })
      expect(trace.status, path).toBe(405)
      expect(trace.headers.allow, path).toBeTruthy()
      expect(trace.body, path).not.toMatch(/TypeError|at .*\.(ts|js)/)
    }
    await nothingLogged()
  })

  test('a ?_data= request (never made by this app) answers 400, and logs nothing', async () => {
    for (const path of ['/login?_data=routes/login', '/login?_data=bogus', '/home?_data=root', '/api/states?_data=x']) {
      const answer = await raw(`${server.url}${path}`, { headers: { Cookie: cookie } })
      expect(answer.status, path).toBe(400)
      expect(answer.body, path).toContain('This address is not valid')
    }
    await nothingLogged()
  })
})

test.describe('a body over the cap gets its 413 before the connection closes (item 6)', () => {
  let cookie = ''
  test.beforeAll(async () => {
    cookie = await sessionCookie(BASE_URL, 'admin')
  })
  const headers = (type: string) => ({ Cookie: cookie, 'Content-Type': type, Origin: BASE_URL })

  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with Content-Length'
    test(`JSON to an API, ${how}: 413 with the JSON message`, async () => {
      const answer = await raw(`${BASE_URL}/api/notes`, {
        method: 'POST',
        headers: headers('application/json'),
        size: 3 * 1024 * 1024,
        chunked,
      })
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ status: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE_MESSAGE })
    })

    test(`a form to a page, ${how}: 413 with the page's message`, async () => {
      const answer = await raw(`${BASE_URL}/preferences`, {
        method: 'POST',
        headers: headers('application/x-www-form-urlencoded'),
        size: 3 * 1024 * 1024,
        chunked,
      })
      expect(answer.status).toBe(413)
      expect(answer.body).toContain(FORM_TOO_LARGE_MESSAGE)
    })
  }

  test('an upload over the upload cap: 413 with the upload message (API and note editor)', async ({ request }) => {
    test.setTimeout(120_000)
    const api = await raw(`${BASE_URL}/api/file_objects`, {
      method: 'POST',
      headers: headers('multipart/form-data; boundary=----x'),
      size: 30 * 1024 * 1024,
    })
    expect(api.status).toBe(413)
    expect(JSON.parse(api.body)).toEqual({ status: 'PAYLOAD_TOO_LARGE', message: MAX_UPLOAD_MESSAGE })

    await request.post('/login', {
      form: { username: 'admin', password: passwordOf('admin'), redirectTo: '/' },
      maxRedirects: 0,
    })
    const note = await makeNote(request, await quietFirm(request))
    const editor = await raw(`${BASE_URL}/editNoteEmail/${note.nid}`, {
      method: 'POST',
      headers: headers('multipart/form-data; boundary=----x'),
      size: 30 * 1024 * 1024,
      chunked: true,
    })
    expect(editor.status).toBe(413)
    expect(editor.body).toContain(MAX_UPLOAD_MESSAGE)
  })
})

test.describe('headers (item 7)', () => {
  test('each security header is sent once: pages, JSON, downloads, errors and static files', async ({ request }) => {
    await request.post('/login', {
      form: { username: 'admin', password: passwordOf('admin'), redirectTo: '/' },
      maxRedirects: 0,
    })
    const file = await makeFirmFile(request, await quietFirm(request))
    const cookie = await sessionCookie(BASE_URL, 'admin')
    const html = await (await fetch(`${BASE_URL}/login`)).text()
    const asset = html.match(/\/assets\/[^"']+\.js/)?.[0]
    expect(asset).toBeTruthy()
    for (const path of ['/login', '/home', '/api/me', `/download/${file.loidfid}`, '/no-such-page', '/%', asset!]) {
      const answer = await raw(`${BASE_URL}${path}`, { headers: { Cookie: cookie } })
      for (const name of [
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Cache-Control',
        'Content-Security-Policy',
        'X-Frame-Options',
      ])
        expect(countOf(answer.rawHeaders, name), `${name} on ${path}`).toBeLessThanOrEqual(1)
      expect(countOf(answer.rawHeaders, 'X-Content-Type-Options'), path).toBe(1)
    }
  })

  // The sign-in page's document POST and its answer with JavaScript (single fetch's .data) alike.
  for (const [title, path, prefix] of [
    ['the login page answers 429 with Retry-After, as /api/auth/login does', '/login', 'nobody-page-'],
    [
      "the sign-in form's answer with JavaScript (/login.data, single fetch) carries the 429's Retry-After too",
      '/login.data',
      'nobody-data-',
    ],
  ])
    test(title, async ({ request }) => {
      const username = unique(prefix)
      const statuses: number[] = []
      let retryAfter: string | undefined
      for (let i = 0; i < 6; i++) {
        const answer = await request.post(path, {
          form: { username, password: `guess-${i}-long-enough` },
          maxRedirects: 0,
          failOnStatusCode: false,
        })
        statuses.push(answer.status())
        retryAfter = answer.headers()['retry-after']
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
      expect(Number(retryAfter)).toBeGreaterThan(60)
    })
})

test.describe('a link on another site ends no session (item 4)', () => {
  async function signedIn(page: Page) {
    const me = await page.request.get('/api/me', { failOnStatusCode: false })
    return me.status() === 200
  }

  test('HEAD /api/auth/logout from another site is refused as GET is, and the session stays', async ({ page }) => {
    await login(page, 'readonly')
    for (const site of ['cross-site', 'same-site']) {
      const head = await page.request.fetch('/api/auth/logout', {
        method: 'HEAD',
        headers: { 'Sec-Fetch-Site': site },
        failOnStatusCode: false,
      })
      expect(head.status(), site).toBe(403)
      expect(await signedIn(page), site).toBe(true)
    }
    const get = await page.request.get('/api/auth/logout', {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      failOnStatusCode: false,
    })
    expect(await get.json()).toEqual({ status: 'FORBIDDEN', message: CROSS_SITE_MESSAGE })
    expect(await signedIn(page)).toBe(true)
  })

  test('a link on another site to the claim editor: a refusal page, not a sign-out', async ({ page, browser }) => {
    const admin = await browser.newContext({ baseURL: BASE_URL })
    await admin.request.post('/login', {
      form: { username: 'admin', password: passwordOf('admin'), redirectTo: '/' },
      maxRedirects: 0,
    })
    const claim = await makeClaim(admin.request, (await someFirm(admin.request)).fid)
    await admin.close()

    await login(page, 'readonly')
    const evil = 'http://evil.example'
    await page.route(`${evil}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body><a href="${BASE_URL}/editClaim/${claim.clid}">Your claim</a></body></html>`,
      }),
    )
    await page.goto(`${evil}/`)
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().startsWith(`${BASE_URL}/editClaim/`)),
      page.getByRole('link', { name: 'Your claim' }).click(),
    ])
    expect(response.request().headers()['sec-fetch-site'] ?? 'cross-site').toBe('cross-site')
    expect(response.status()).toBe(403)
    await expect(page.getByText(FORBIDDEN_PAGE)).toBeVisible()
    expect(await signedIn(page)).toBe(true)

    // From the app itself the spec's rule stands: signed out and sent to Login.
    await page.goto(`/editClaim/${claim.clid}`)
    await expect(page).toHaveURL(/\/login$/)
    expect(await signedIn(page)).toBe(false)
  })
})
