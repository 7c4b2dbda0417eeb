import type { Page } from '@playwright/test'
import { demoUser, expect, login, test } from './fixtures'

/** Fills the login form's username and password and presses its Login button. */
async function submitLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

test.describe('sign-in', () => {
  test('signs in with the form and Enter, and lands on the home page', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'mga-desk' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Username' }).fill('readonly')
    await page.getByLabel('Password').fill(demoUser('readonly').password)
    await page.getByLabel('Password').press('Enter')
    // Home preference firms (the default) and firm-view: the firms search (spec 1 §2.2).
    await expect(page).toHaveURL(/\/search\/firms\/firmsSearch$/)
  })

  test('a user whose home preference is claims lands on the claims search', async ({ page }) => {
    await page.goto('/login')
    await submitLogin(page, 'claims', demoUser('claims').password)
    await expect(page).toHaveURL(/\/search\/claims\/claimsSearch$/)
    await expect(page.getByRole('heading', { name: 'Claims', exact: true })).toBeVisible()
  })

  test('shows the server description as a warning on a wrong password', async ({ page }) => {
    await page.goto('/login')
    await submitLogin(page, 'claims', 'not-the-password')
    await expect(page.getByRole('alert')).toContainText('Invalid username or password.')
    await expect(page.getByLabel('Password')).toHaveValue('')
  })

  test('returns to the page asked for after sign-in', async ({ page }) => {
    await page.goto('/manage')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmanage$/)
    await submitLogin(page, 'admin', demoUser('admin').password)
    await expect(page).toHaveURL(/\/manage$/)
    await expect(page.getByRole('navigation', { name: 'System Management' })).toBeVisible()
  })

  test('refuses redirects to other sites', async ({ page }) => {
    await page.goto('/login?redirectTo=//evil.example/steal')
    await submitLogin(page, 'readonly', demoUser('readonly').password)
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/search\/firms\/firmsSearch$/)
  })

  test('logs out and the session no longer opens pages', async ({ page }) => {
    await login(page, 'readonly')
    await page.goto('/')
    await page.evaluate(() => window.sessionStorage.setItem('mga:return-to-work', '/home'))
    await page.getByRole('button', { name: 'LOGOUT' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // Logout clears the session's state in the browser too (spec 1 §4).
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0)
    await page.goto('/')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/)
  })

  test('sends a user without the scope to the home page and shows the no-permission text', async ({ page }) => {
    await login(page, 'readonly')
    await page.goto('/manage')
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    await page.goto('/no-permission')
    await expect(page.getByText('You do not have permission to view this page')).toBeVisible()
  })

  test('shows a 404 page inside the shell for unknown addresses', async ({ page }) => {
    await login(page, 'readonly')
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeVisible()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('signs in, shows a wrong password warning, and logs out', async ({ page }) => {
    await page.goto('/login')
    await submitLogin(page, 'underwriter', 'wrong')
    await expect(page.getByRole('alert')).toContainText('Invalid username or password.')
    await page.getByLabel('Password').fill(demoUser('underwriter').password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/search\/firms\/firmsSearch$/)
    await page.getByRole('button', { name: 'LOGOUT' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('the browser enforces required fields from the schema', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAttribute('required', '')
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '')
  })
})
