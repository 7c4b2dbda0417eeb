import type { Page } from '@playwright/test'
import { expect, login, test } from './fixtures'

const SEARCH = '/search/claims/claimsSearch'

/** The address of the first full-text link of a claims search with the Facts column (long facts open in the dialog). */
async function fullTextHref(page: Page): Promise<string> {
  await page.goto(`${SEARCH}?run=1&status=Open&col=facts`)
  const link = page.getByRole('table', { name: 'Claims', exact: true }).getByRole('link', { name: /…$/ }).first()
  const href = await link.getAttribute('href')
  expect(href).toMatch(/full=\d+%3Afacts|full=\d+:facts/)
  return href!
}

test.describe("the information dialog (spec 1 §8: confirm button 'Got It!')", () => {
  test("the claims search's full text opens in it and 'Got It!' closes it", async ({ page }) => {
    await login(page, 'claims')
    await page.goto(`${SEARCH}?run=1&status=Open&col=facts`)
    const link = page.getByRole('table', { name: 'Claims', exact: true }).getByRole('link', { name: /…$/ }).first()
    await link.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading')).toContainText('Facts')
    await expect(page).toHaveURL(/full=/)
    await dialog.getByRole('link', { name: 'Got It!', exact: true }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/full=/)
    // The same results are still there, and focus is back on the link that opened the dialog.
    await expect(link).toBeFocused()
  })
})

test.describe('the information dialog without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("is in the page its address asks for, and 'Got It!' is a link back without it", async ({ page }) => {
    await login(page, 'claims')
    const href = await fullTextHref(page)
    await page.goto(href)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading')).toContainText('Facts')
    await expect(dialog.getByRole('link', { name: 'Got It!', exact: true })).toBeVisible()
    await dialog.getByRole('link', { name: 'Got It!', exact: true }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/full=/)
    await expect(page.getByRole('table', { name: 'Claims', exact: true })).toBeVisible()
  })
})
