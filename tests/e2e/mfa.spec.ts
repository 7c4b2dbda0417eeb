import * as OTPAuth from 'otpauth'
import type { Page } from '@playwright/test'
import { STAFF_PASSWORD } from '#app/db/seed/staff'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { expect as baseExpect, test } from './fixtures'

// Each step is a full page load on a busy two-core machine: give every wait room.
const expect = baseExpect.configure({ timeout: 20_000 })

/** The code an authenticator app shows for this secret, `steps` time steps from now. */
const codeFor = (secret: string, steps = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')),
    timestamp: Date.now() + steps * 30_000,
  })

async function signIn(page: Page, username: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Username' }).fill(username)
  await page.getByLabel('Password').fill(STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function enterCode(page: Page, code: string) {
  await expect(page.getByText('Two-step sign-in')).toBeVisible()
  await page.locator('input[name="code"]').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

async function logOut(page: Page) {
  await page
    .getByRole('button', { name: /^(LOGOUT|Log out)$/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/login/)
}

/**
 * Enrol → sign out → sign in with a code → with a recovery code (once) → turn off, for one staff
 * account of the demo data (each mode its own, so the two runs never share a secret).
 */
async function wholeFlow(page: Page, username: string) {
  await signIn(page, username)
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/preferences')
  await page.getByRole('link', { name: 'Two-step sign-in' }).click()
  await expect(page).toHaveURL(/\/mfa$/)
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.screenshot({ path: `test-results/mfa-enrol-${username}.png` })

  // A wrong code first: the form says so and nothing is turned on.
  await page.locator('input[name="code"]').fill('000000')
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByText(MFA_MESSAGES.invalidEnrolment)).toBeVisible()
  await page.locator('input[name="code"]').fill(codeFor(secret))
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  const list = page.getByRole('list', { name: 'Recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
  await page.screenshot({ path: `test-results/mfa-codes-${username}.png` })

  // Sign out, then in: the password leads to the code step, no further.
  await logOut(page)
  await signIn(page, username)
  await expect(page.locator('input[name="code"]')).toBeVisible()
  await page.goto('/hours')
  await expect(page).toHaveURL(/\/login/) // no session before the code
  await enterCode(page, codeFor(secret, 1))
  await expect(page).toHaveURL(/\/search\/firms\/firmsSearch|\/home|\/$/)
  await logOut(page)

  // A recovery code signs in once.
  await signIn(page, username)
  await enterCode(page, codes[0]!)
  await expect(page).not.toHaveURL(/\/login/)
  await logOut(page)
  await signIn(page, username)
  await enterCode(page, codes[0]!)
  await expect(page.getByText(MFA_MESSAGES.invalid)).toBeVisible()
  await enterCode(page, codes[1]!)
  await expect(page).not.toHaveURL(/\/login/)

  // Turn it off with the password and a code; the next sign-in is one step again.
  await page.goto('/mfa')
  await expect(page.getByText('Unused recovery codes: 8.')).toBeVisible()
  await page.getByLabel('Current password').fill(STAFF_PASSWORD)
  await page.locator('input[name="code"]').fill(codes[2]!)
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click()
  await expect(page.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible()
  await expect(page.getByText(MFA_MESSAGES.disabled)).toBeVisible()
  // The snackbar is still up (without JavaScript it stays) and leaves this page's Log out button clear:
  // the click reaches the button (Playwright refuses to click through an element on top).
  await expect(page.locator('.snackbar')).toBeVisible()
  await page.getByRole('button', { name: 'Log out' }).click({ timeout: 5_000 })
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, username)
  await expect(page).not.toHaveURL(/\/login/)
}

test.describe('two-step sign-in (TOTP)', () => {
  test('enrol, sign in with a code and a recovery code, turn off — with JavaScript', async ({ page }) => {
    test.setTimeout(180_000)
    await wholeFlow(page, 'tnguyen')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('the same flow with plain forms', async ({ page }) => {
      test.setTimeout(180_000)
      await wholeFlow(page, 'bwalsh')
    })
  })
})
