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

export const test = base
export { expect }
