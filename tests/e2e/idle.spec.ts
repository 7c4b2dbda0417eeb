import { expect, test, type Page } from '@playwright/test'

// The shared front-desk account times out after one idle minute (see the seed), so these tests wait
// for the real server-side timeout rather than faking a clock.
const FRONTDESK = { username: 'frontdesk', password: 'staff-demo-1' }
const IDLE_WAIT_MS = 62_000

async function signIn(page: Page, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`)
  await page.getByRole('textbox', { name: 'Username' }).fill(FRONTDESK.username)
  await page.getByLabel('Password').fill(FRONTDESK.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(new RegExp(`${redirectTo}$`))
}

test.describe('idle timeout with JavaScript', () => {
  test('the idle dialog appears on its own; the API answers TIMED_OUT; relogin returns to the page', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await signIn(page, '/home')
    const dialog = page.getByRole('dialog', { name: 'Session timed out' })
    await expect(dialog).toBeVisible({ timeout: IDLE_WAIT_MS + 30_000 })

    const api = await page.request.get('/api/me')
    expect(api.status()).toBe(401)
    expect(await api.json()).toMatchObject({ status: 'TIMED_OUT' })
    const pageRequest = await page.request.get('/home', { maxRedirects: 0 })
    expect(pageRequest.status()).toBe(303)
    expect(pageRequest.headers().location).toBe('/idle?redirectTo=%2Fhome')

    // Closing checks the session: still timed out, so the dialog stays with the spec's message.
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(
      dialog.getByText('The current session is still timed out and will require this form to be filled out.'),
    ).toBeVisible()

    await dialog.getByLabel('Activity').selectOption({ label: 'Phone call' })
    await dialog.getByLabel('Password').fill('not-my-password')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(dialog.getByRole('alert').filter({ hasText: 'The password is incorrect.' })).toBeVisible()

    await dialog.getByLabel('Password').fill(FRONTDESK.password)
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/home$/)
    expect((await page.request.get('/api/me')).status()).toBe(200)
  })
})

test.describe('idle timeout without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a form posted after the timeout is kept through /idle and sent after the relogin', async ({ page }) => {
    test.setTimeout(180_000)
    await signIn(page, '/preferences')
    await page.getByLabel('No tooltips').check()
    await page.waitForTimeout(IDLE_WAIT_MS)
    await page.getByRole('button', { name: 'Save' }).click()

    await expect(page).toHaveURL(/\/idle\?redirectTo=%2Fpreferences$/)
    await expect(page.getByRole('heading', { name: 'Session timed out' })).toBeVisible()
    // Activity 1 needs a description.
    await page.getByLabel('Activity').selectOption({ label: 'Other (describe)' })
    await page.getByLabel('Password').fill(FRONTDESK.password)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('This field is required.')).toBeVisible()
    // The refused form is drawn at an address that still says where the user was.
    await expect(page).toHaveURL(/\/idle\?redirectTo=%2Fpreferences$/)

    await page.getByLabel('Description').fill('Signing for a courier delivery')
    await page.getByLabel('Password').fill(FRONTDESK.password)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await page.getByRole('button', { name: 'Send my form' }).click()

    await expect(page).toHaveURL(/\/preferences$/)
    await expect(page.getByText('Preferences saved.')).toBeVisible()
    await expect(page.getByLabel('No tooltips')).toBeChecked()
  })
})
