import type { Page } from '@playwright/test'
import { BASE_URL } from './base-url'
import { expect, login, test } from './fixtures'

// A page of another site, served by Playwright for this browser only.
const EVIL = 'http://evil.example'
async function evilPage(page: Page, html: string) {
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><body>${html}</body></html>` }),
  )
  await page.goto(`${EVIL}/`)
}

test.describe('Content-Security-Policy', () => {
  test('pages run under a nonce CSP without a violation, with JavaScript working', async ({ page }) => {
    await login(page, 'admin')
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
        violations.push(message.text())
    })
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        ;(window as unknown as { __csp: string[] }).__csp ??= []
        ;(window as unknown as { __csp: string[] }).__csp.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        )
      })
    })
    for (const path of [
      '/home',
      '/search/firms/firmsSearch',
      '/search/people/peopleSearch',
      '/hours',
      '/preferences',
      '/password',
    ]) {
      const response = await page.goto(path)
      const csp = response?.headers()['content-security-policy'] ?? ''
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/)
      for (const directive of ["object-src 'none'", "frame-ancestors 'self'", "base-uri 'none'"])
        expect(csp).toContain(directive)
      expect(response?.headers()['cache-control']).toBe('no-store')
      // Hydrated (the fixture waited for it): React's scripts ran under the policy.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([])
    }
    expect(violations).toEqual([])
  })

  test('an injected inline script does not run', async ({ page }) => {
    await login(page, 'admin')
    await page.goto('/home')
    const ran = await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      return (window as unknown as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
  })
})

test.describe('headers', () => {
  test('nosniff everywhere; no-store on JSON; static files keep their cache', async ({ request }) => {
    const json = await request.get('/api/auth/session')
    expect(json.headers()['x-content-type-options']).toBe('nosniff')
    expect(json.headers()['cache-control']).toBe('no-store')
    const icon = await request.get('/favicon.svg')
    expect(icon.headers()['x-content-type-options']).toBe('nosniff')
    expect(icon.headers()['cache-control']).toContain('max-age')
  })

  test("an address with a broken % escape gets the app's 400 (page or JSON), with the headers and no stack", async ({
    request,
  }) => {
    for (const address of ['/search/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const answer = await request.get(address)
      expect(answer.status(), address).toBe(400)
      expect(answer.headers()['content-type']).toContain('text/html')
      expect(answer.headers()['x-content-type-options']).toBe('nosniff')
      expect(answer.headers()['cache-control']).toBe('no-store')
      expect(answer.headers()['content-security-policy']).toContain("default-src 'none'")
      const html = await answer.text()
      expect(html).toContain('This address is not valid: a % in it must be followed by two hexadecimal digits.')
      expect(html).not.toMatch(/URIError|at \S+ \(|node_modules/)
    }
    const api = await request.post('/api/users/%zz/password', { data: {} })
    expect(api.status()).toBe(400)
    expect(api.headers()['x-content-type-options']).toBe('nosniff')
    expect(await api.json()).toEqual({
      status: 'INVALID_PARAMS',
      message: 'This address is not valid: a % in it must be followed by two hexadecimal digits.',
    })
  })
})

test.describe("Conform's own fields", () => {
  test('a GET search with a crafted __state__ or __intent__ is read without them, never a 500', async ({ page }) => {
    await login(page, 'claims')
    // Edit Claim's entry: the id is read, the junk is not (Conform threw on it: 500 before parseForm).
    const opened = await page.request.get('/search/claims/editClaim?clid=12x&__state__=x', { maxRedirects: 0 })
    expect(opened.status()).toBe(400)
    const junk = await page.request.get('/search/claims/editClaim?clid=5&__intent__=%7B%7D', { maxRedirects: 0 })
    expect(junk.status()).toBe(302)
    expect(junk.headers().location).toBe('/editClaim/5')
    const search = await page.request.get('/search/claims/claimsSearch?run=1&type=FPL&__state__=%7B')
    expect(search.status()).toBe(200)
  })
})

test.describe('cross-site requests (CSRF)', () => {
  test('a form on another site posting to the app is refused with 403', async ({ page }) => {
    await login(page, 'readonly')
    await evilPage(page, `<form method="post" action="${BASE_URL}/logout"><button>Win a prize</button></form>`)
    const [response] = await Promise.all([
      page.waitForResponse(`${BASE_URL}/logout`),
      page.getByRole('button', { name: 'Win a prize' }).click(),
    ])
    expect(response.status()).toBe(403)
    // Still signed in.
    expect((await page.request.get(`${BASE_URL}/api/me`)).status()).toBe(200)
  })

  test('a link on another site to GET /api/auth/logout is refused; from the app it still works', async ({ page }) => {
    await login(page, 'readonly')
    await evilPage(page, `<a href="${BASE_URL}/api/auth/logout">Your invoice</a>`)
    const [response] = await Promise.all([
      page.waitForResponse(`${BASE_URL}/api/auth/logout`),
      page.getByRole('link', { name: 'Your invoice' }).click(),
    ])
    expect(response.status()).toBe(403)
    expect((await page.request.get(`${BASE_URL}/api/me`)).status()).toBe(200)
    // A form on another site sending a JSON-looking text/plain body to an API (no CORS preflight) is refused too.
    await evilPage(
      page,
      `<form method="post" enctype="text/plain" action="${BASE_URL}/api/notes"><input name='{"firmId":1,"x":"' value='"}'><button>Go</button></form>`,
    )
    const [api] = await Promise.all([
      page.waitForResponse(`${BASE_URL}/api/notes`),
      page.getByRole('button', { name: 'Go' }).click(),
    ])
    expect(api.status()).toBe(403)
  })

  test('same-origin forms still work: logging out from the app', async ({ page }) => {
    await login(page, 'readonly')
    await page.goto('/password')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })
})

test.describe('sign-in throttle', () => {
  test('the API answers 429 with Retry-After once a username has failed too often', async ({ request }) => {
    const username = `nobody-${Date.now()}`
    const statuses: number[] = []
    let retryAfter: string | undefined
    for (let i = 0; i < 6; i++) {
      const answer = await request.post('/api/auth/login', { data: { username, password: `guess-${i}` } })
      statuses.push(answer.status())
      retryAfter = answer.headers()['retry-after']
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    expect(Number(retryAfter)).toBeGreaterThan(60)
  })
})
