import type { Page } from '@playwright/test'
import { me, passwordOf, signedInContext } from './factories'
import { expect, login, test } from './fixtures'

/**
 * The theme test's user is a staff account of its own (claims group, like the demo claims user): the
 * authorization walk resets every demo user's theme as it runs, so a demo user's colours could change
 * under the test.
 */
const THEME_USER = 'apatel'

async function signInByForm(page: Page, username: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Username' }).fill(username)
  await page.getByLabel('Password').fill(passwordOf(username))
  await page.getByRole('button', { name: 'Login' }).click()
}

test.describe('preferences and theme', () => {
  test('saved preferences survive sign-out and change the density and the theme; reset restores the colours', async ({
    page,
  }) => {
    // The user's own settings start from the defaults, whatever the demo data or an earlier run left.
    const api = await signedInContext(THEME_USER)
    const reset = await api.put(`/api/v1/users/${(await me(api)).id}`, {
      data: {
        preferences: { noTooltips: false, dense: false, home: 'firms', searchAutoSetting: 'save' },
        custom_theme: null,
      },
    })
    expect(reset.status(), await reset.text()).toBe(200)
    await api.dispose()
    // The home preference decides where sign-in lands: firms search by default…
    await signInByForm(page, THEME_USER)
    await expect(page).toHaveURL(/\/search\/firms\/firmsSearch$/)
    await page.goto('/preferences')
    await page.getByLabel('Dense (smaller rows and fields)').check()
    await page.getByRole('radio', { name: 'Claims' }).check()
    await page.locator('input[name=primary]').fill('#7b1fa2')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toBeVisible()

    await page.getByRole('button', { name: 'LOGOUT' }).click()
    await expect(page).toHaveURL(/\/login/)
    // …and claims search once chosen.
    await signInByForm(page, THEME_USER)
    await expect(page).toHaveURL(/\/search\/claims\/claimsSearch$/)
    await page.goto('/preferences')
    await expect(page.getByLabel('Dense (smaller rows and fields)')).toBeChecked()
    await expect(page.getByRole('radio', { name: 'Claims' })).toBeChecked()
    // The colours are applied by the server render: no flash of the default theme.
    const html = await (await page.request.get('/preferences')).text()
    expect(html).toContain('#7b1fa2')
    expect(html).toContain('--mantine-scale: 0.9')
    await expect(page.locator('.app-topbar')).toHaveCSS('background-color', 'rgb(123, 31, 162)')

    await page.getByRole('button', { name: 'Reset theme' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'The theme was reset to the default colours.' }),
    ).toBeVisible()
    await expect(page.locator('.app-topbar')).toHaveCSS('background-color', 'rgb(27, 42, 74)')
    await expect(page.getByLabel('Dense (smaller rows and fields)')).toBeChecked()
    // The colour fields show the defaults too, so the next Save does not bring the old colour back.
    await expect(page.locator('input[name=primary]')).toHaveValue('#1b2a4a')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toBeVisible()
    await expect(page.locator('.app-topbar')).toHaveCSS('background-color', 'rgb(27, 42, 74)')
  })

  test('No tooltips: once saved, the pages show no title tooltips (server render, so without JavaScript too)', async ({
    page,
  }) => {
    await login(page, 'claims')
    const preferencesLink = page.locator('header a[href="/preferences"]').first()
    await page.goto('/preferences')
    await expect(preferencesLink).toHaveAttribute('title', 'Preferences and theme')
    await page.getByLabel('No tooltips').check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toBeVisible()
    await page.goto('/search/firms/firmsSearch?mode=uni&q=smith')
    await expect(page.locator('[title]')).toHaveCount(0)
    const html = await (await page.request.get('/preferences')).text()
    expect(html).not.toContain('title="Preferences and theme"')

    await page.goto('/preferences')
    await page.getByLabel('No tooltips').uncheck()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toBeVisible()
    await page.goto('/preferences')
    await expect(preferencesLink).toHaveAttribute('title', 'Preferences and theme')
  })

  test('PUT /api/v1/users/{id} with custom_theme null resets only the caller, and refuses other users', async ({
    page,
  }) => {
    await login(page, 'claims')
    const me = (await (await page.request.get('/api/me')).json()) as { id: number }
    const own = await page.request.put(`/api/v1/users/${me.id}`, { data: { custom_theme: null } })
    expect(own.status()).toBe(200)
    const other = await page.request.put(`/api/v1/users/${me.id + 1}`, { data: { custom_theme: null } })
    expect(other.status()).toBe(403)
    const bad = await page.request.put(`/api/v1/users/${me.id}`, { data: { custom_theme: { primary: 'red' } } })
    expect(bad.status()).toBe(400)
  })
})

test.describe('preferences without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the form saves', async ({ page }) => {
    await login(page, 'readonly')
    await page.goto('/preferences')
    await page.getByLabel('No tooltips').check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Preferences saved.')).toBeVisible()
    await expect(page.getByLabel('No tooltips')).toBeChecked()
    // Unticked boxes are not demanded by the browser: the form saves with both cleared.
    await page.getByLabel('No tooltips').uncheck()
    await page.getByLabel('Dense').uncheck()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Preferences saved.')).toBeVisible()
    await expect(page.getByLabel('No tooltips')).not.toBeChecked()
    await expect(page.getByLabel('Dense')).not.toBeChecked()
  })
})
