import { test as base, expect, type Page } from '@playwright/test'
import { DEMO_USERS } from '#app/db/seed/demo-users'

export type Role = 'admin' | 'underwriter' | 'claims' | 'accounting' | 'readonly'

export function demoUser(username: Role) {
  const user = DEMO_USERS.find((candidate) => candidate.username === username)
  if (!user) throw new Error(`No demo user ${username}`)
  return user
}

/** Signs in through the real login form's POST (fast), leaving the session cookie in the page's context. */
export async function login(page: Page, username: Role) {
  const { password } = demoUser(username)
  const response = await page.request.post('/login', {
    form: { username, password, redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status(), `sign-in of ${username}`).toBe(302)
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

/** Page loads (goto, reload, back, forward) return once the page is interactive; see `hydrated`. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
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
  },
})
export { expect }
