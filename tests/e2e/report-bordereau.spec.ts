import type { Page } from '@playwright/test'
import { REPORT_MONTHS } from '#app/domain/reports'
import { expect, login, test } from './fixtures'

/**
 * Bordereaux (spec 3 §2.8, §5): claims and policies of a seeded contract (last year's Lloyd's binder,
 * which the demo data fills), the required fields and the dialogs word for word, the totals, paging,
 * switching type, and the downloads. With JavaScript and without it.
 */

const PAGE = '/reports/bordereau'
const SHOTS = '/work/shots/rep-bordereau'
const CONTRACT = `B0123XY${new Date().getFullYear() - 1}`
const FILL =
  'Please be sure to fill out the required fields above, then check the box to include larger text items in the results, if desired.'
const FIRST = 'First generate a report so there will be data for the download.'

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }).catch(() => undefined)
}
const form = (page: Page) => page.getByRole('search', { name: 'Bordereau' })
const dialog = (page: Page) => page.getByRole('dialog')

test.describe('bordereaux', () => {
  test('claims with the heading, policies with the totals, switching type, the dialogs, the download', async ({
    page,
  }) => {
    await login(page, 'accounting')
    await page.goto(PAGE)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bordereaux')
    await expect(form(page).getByRole('radio', { name: 'Claims' })).toBeChecked()
    const generate = form(page).getByRole('button', { name: 'Bordereau' })
    await expect(generate).toBeDisabled()
    await expect(form(page).getByLabel('w/text')).toBeVisible()

    await form(page).getByRole('link', { name: 'Download' }).click()
    await expect(dialog(page)).toContainText(FIRST)
    await screenshot(page, 'generate-first-js')
    await dialog(page).getByRole('link', { name: 'Got It!' }).click()
    await expect(dialog(page)).toHaveCount(0)

    await form(page).locator('select[name="contract"]').selectOption({ label: CONTRACT })
    await expect(generate).toBeEnabled()
    await generate.click()
    await expect(page.getByRole('heading', { level: 2, name: CONTRACT })).toBeVisible()
    await expect(page.getByText('Refer to Underwriters (over $50K)')).toBeVisible()
    await expect(page.getByText(/Contract start: January 1, \d{4} · Contract end: December 31, \d{4}/)).toBeVisible()
    const claims = page.getByRole('table', { name: `Claims bordereau, ${CONTRACT}` })
    await expect(claims.locator('tbody tr')).toHaveCount(15)
    await screenshot(page, 'claims-js')

    // Switching type clears the results and their heading.
    await form(page).getByRole('radio', { name: 'Policies' }).check()
    await expect(page.getByText('Refer to Underwriters (over $50K)')).toHaveCount(0)
    await expect(form(page).getByLabel('w/forms')).toBeVisible()
    await expect(form(page).locator('select[name="month"] option')).toHaveText(['', 'All', ...REPORT_MONTHS])
    const years = await form(page).locator('select[name="year"] option').allTextContents()
    expect(years[1]).toBe('2005')
    expect(years.at(-1)).toBe(String(new Date().getFullYear() + 1))

    await form(page).getByRole('button', { name: 'Bordereau' }).click()
    await expect(dialog(page)).toContainText(FILL)
    await expect(page.getByText('Month is required').first()).toBeVisible()
    await screenshot(page, 'required-js')
    await dialog(page).getByRole('link', { name: 'Got It!' }).click()
    // Closing reloads the form without the refusal (a new form): choose the month in that one.
    await expect(dialog(page)).toHaveCount(0)
    await expect(page).not.toHaveURL(/run=1/)

    await form(page).locator('select[name="month"]').selectOption('all')
    await form(page).getByRole('button', { name: 'Bordereau' }).click()
    const totals = page.getByRole('table', { name: 'Bordereau totals' })
    await expect(totals.getByRole('columnheader')).toHaveText(['Gross Premium', 'Retained', 'Remitted'])
    await expect(totals).toContainText('$')
    const policies = page.getByRole('table', { name: `Policies bordereau, ${CONTRACT}` })
    await expect(policies.locator('tbody tr')).toHaveCount(15)
    await expect(policies.getByRole('columnheader').first()).toHaveText('Unique Market Ref')
    await expect(policies.locator('tbody tr').first()).toContainText(CONTRACT)
    await expect(page).toHaveURL(/type=policies/)
    await screenshot(page, 'policies-js')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form(page).getByRole('link', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('bordereaux.csv')
    const [excel] = await Promise.all([
      page.waitForEvent('download'),
      form(page).getByRole('link', { name: 'Excel' }).click(),
    ])
    expect(excel.suggestedFilename()).toBe('bordereaux.xlsx')
  })

  test('a user without bordereau-download sees no Download', async ({ page }) => {
    await login(page, 'claims')
    await page.goto(PAGE)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bordereaux')
    await expect(form(page).getByRole('link', { name: 'Download' })).toHaveCount(0)
  })
})

test.describe('bordereaux without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the required-field dialog, then the report from the server', async ({ page }) => {
    await login(page, 'accounting')
    await page.goto(PAGE)
    await form(page).getByRole('button', { name: 'Bordereau' }).click()
    await expect(dialog(page)).toContainText(FILL)
    await expect(page.getByText('Contract is required.').first()).toBeVisible()
    await screenshot(page, 'required-nojs')
    await dialog(page).getByRole('link', { name: 'Got It!' }).click()
    await form(page).locator('select[name="contract"]').selectOption({ label: CONTRACT })
    await form(page).getByRole('button', { name: 'Bordereau' }).click()
    await expect(page.getByText('Refer to Underwriters (over $50K)')).toBeVisible()
    await screenshot(page, 'claims-nojs')
    await page.goto(`${PAGE}?type=policies`)
    await form(page).locator('select[name="contract"]').selectOption({ label: CONTRACT })
    await form(page).locator('select[name="month"]').selectOption('all')
    await form(page).getByRole('button', { name: 'Bordereau' }).click()
    await expect(page.getByRole('table', { name: 'Bordereau totals' })).toBeVisible()
    await screenshot(page, 'policies-nojs')
    await page.goto(`${PAGE}?type=policies`)
    await form(page).getByRole('link', { name: 'Download' }).click()
    await expect(dialog(page)).toContainText(FIRST)
  })
})
