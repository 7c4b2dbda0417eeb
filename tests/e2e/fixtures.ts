import { test as base, expect, type Browser, type Page } from '@playwright/test'
import { DEMO_USERS } from '#app/db/seed/demo-users'

export type Role = 'admin' | 'underwriter' | 'claims' | 'accounting' | 'readonly'

export function demoUser(username: Role) {
  const user = DEMO_USERS.find((candidate) => candidate.username === username)
  if (!user) throw new Error(`No demo user ${username}`)
  return user
}

/**
 * Signs in through the real login form's POST (fast), leaving the session cookie in the page's context; then
 * opens `path` if one is given.
 */
export async function login(page: Page, username: Role, path?: string) {
  const { password } = demoUser(username)
  const response = await page.request.post('/login', {
    form: { username, password, redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status(), `sign-in of ${username}`).toBe(302)
  if (path !== undefined) await page.goto(path)
}

/** A new page of its own context signed in as a user: another user beside the test's page, or a second window. */
export async function signedInPage(browser: Browser, username: Role) {
  const page = await browser.newPage()
  await login(page, username)
  return page
}

/** Signs the page in as a user and opens the REPORTS menu of the home page. */
export async function openReportsMenu(page: Page, username: Role) {
  await login(page, username)
  await page.goto('/')
  await page.getByText('REPORTS', { exact: true }).click()
}

/** The REPORTS menu's link to a report (the menu opened as `username`), checked to point at `href`. */
export async function reportsMenuLink(page: Page, username: Role, name: string, href: string) {
  await openReportsMenu(page, username)
  const link = page.getByRole('link', { name })
  await expect(link).toHaveAttribute('href', href)
  return link
}

/**
 * Waits until the page is interactive: React has hydrated it (`html[data-hydrated]`) and every part
 * whose code loads later has loaded (no `[data-lazy="pending"]`). Before that a click is a plain-HTML
 * click (a form posts to the server), which works but is not what a JavaScript test means to test.
 * Documents that are not app pages (JSON, downloads) pass at once.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    if (!('__remixContext' in window)) return true
    return document.documentElement.dataset.hydrated === 'true' && !document.querySelector('[data-lazy="pending"]')
  })
}

/**
 * React's hydration errors (production codes 418, 419, 421, 422, 423, 425 and the development
 * texts): the server's HTML and the browser's first render differ, and React threw the server's away.
 */
const HYDRATION_ERROR =
  /Minified React error #(418|419|421|422|423|425)\b|Hydration failed|did not match|while hydrating/

/**
 * Page loads (goto, reload, back, forward) return once the page is interactive; see `hydrated`.
 * A test fails if React reported that a page's server HTML did not match its first client render.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const hydrationErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && HYDRATION_ERROR.test(message.text()))
        hydrationErrors.push(`${page.url()}: ${message.text().slice(0, 300)}`)
    })
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(`${page.url()}: ${error.message.slice(0, 300)}`)
    })
    if (javaScriptEnabled) {
      for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
        const load = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>
        Object.assign(page, {
          [name]: async (...args: unknown[]) => {
            const response = await load(...args)
            await hydrated(page)
            return response
          },
        })
      }
    }
    await provide(page)
    expect(hydrationErrors, 'React hydration errors').toEqual([])
  },
})
export { expect }
