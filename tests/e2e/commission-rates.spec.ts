import type { Page } from '@playwright/test'
import { expect, login, test } from './fixtures'

/** MGA Rates (spec 1 §2.9): Edit All, a change, and the same screen without JavaScript. */

const GLRM = 504

const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true })
/** The APL rule's row of GLRM's table. */
const aplRow = (page: Page) =>
  page.getByRole('table', { name: 'Commissions of GLRM' }).getByRole('row').filter({ hasText: 'APL' })

test('Edit All in three steps: the rates not kept end on the date, the kept one changes, a new one starts', async ({
  page,
}) => {
  await login(page, 'admin', '/manage/commissions')
  await expect(page.getByRole('heading', { name: 'MGA Rates' })).toBeVisible()
  await page.getByRole('link', { name: 'Edit All of PACCREST' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit All: PACCREST' })
  await expect(dialog.getByText('Step 1 of 3')).toBeVisible()
  await dialog.getByLabel('Effective date').fill('2031-01-01')
  await dialog.getByRole('button', { name: 'Next' }).click()

  await expect(dialog.getByText('Step 2 of 3')).toBeVisible()
  const keep = dialog.getByRole('group', { name: /Rates to keep/ })
  await keep.getByRole('checkbox', { name: /Markel · CYB/ }).uncheck()
  await dialog.getByRole('button', { name: 'Next' }).click()

  await expect(dialog.getByText('Step 3 of 3')).toBeVisible()
  await expect(dialog.getByText(/These rates end on 2031-01-01/)).toBeVisible()
  await dialog.getByRole('textbox', { name: /Commission % \(rule/ }).fill('19.125')
  await dialog.getByRole('link', { name: 'Add a new rate' }).click()
  await expect(dialog.getByRole('group', { name: 'New rate 1' })).toBeVisible()
  const added = dialog.getByRole('group', { name: 'New rate 1' })
  await added.getByRole('combobox', { name: 'Carrier' }).selectOption('Lexington')
  await added.getByRole('listbox', { name: 'Types' }).selectOption('TEO')
  await added.getByRole('textbox', { name: 'Commission %' }).fill('12.5')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(snackbar(page, 'Commission successfully updated.')).toBeVisible()

  await page.goto('/manage/commissions?view=date&date=2031-06-01')
  const table = page.getByRole('table', { name: 'Commissions of PACCREST' })
  await expect(table).toContainText('19.125%')
  await expect(table).toContainText('Lexington')
  await expect(table).not.toContainText('CYB')
  // Each rule's history: the kept rule was ended by Edit All.
  await page.goto('/manage/commissions?view=date&date=2030-06-01')
  await page
    .getByRole('table', { name: 'Commissions of PACCREST' })
    .getByRole('link', { name: /^History/ })
    .first()
    .click()
  const history = page.getByRole('dialog', { name: /History of rule/ })
  await expect(history.getByRole('table')).toContainText('admin')
  await expect(history.getByRole('table')).toContainText('end_date')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a change by the pencil, its refusal word for word, then an end date added and removed', async ({ page }) => {
    await login(page, 'admin', '/manage/commissions?view=date&date=2031-06-01')
    const apl = aplRow(page)
    await apl.getByRole('link', { name: /^Change/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Change commission' })
    await dialog.getByRole('textbox', { name: 'Commission %' }).fill('101')
    await dialog.getByLabel(/^Start Date/).fill('2032-01-01')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Change commission' }).getByText('Must be a valid percentage.').first(),
    ).toBeVisible()
    await page
      .getByRole('dialog', { name: 'Change commission' })
      .getByRole('textbox', { name: 'Commission %' })
      .fill('18.125')
    await page
      .getByRole('dialog', { name: 'Change commission' })
      .getByLabel(/^Start Date/)
      .fill('2032-01-01')
    await page.getByRole('dialog', { name: 'Change commission' }).getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'Commission successfully updated.')).toBeVisible()

    await page.goto('/manage/commissions?view=date&date=2032-06-01')
    const after = aplRow(page)
    await expect(after).toContainText('18.125%')
    // The older rule of the set now has an end date: shown in 2031, with no Remove end date (not the latest).
    await page.goto('/manage/commissions?view=date&date=2031-06-01')
    const older = aplRow(page)
    await expect(older).toContainText('01 Jan 2032')
    await expect(older.getByRole('link', { name: /^Remove end date/ })).toHaveCount(0)

    // Add an end date to the new rule, then remove it (it is the latest of its set).
    await page.goto('/manage/commissions?view=date&date=2032-06-01')
    await aplRow(page)
      .getByRole('link', { name: /^Add end date/ })
      .click()
    const end = page.getByRole('dialog', { name: 'Add end date' })
    await end.getByLabel(/^End Date/).fill('2033-01-01')
    await end.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'Commission successfully updated.')).toBeVisible()
    await aplRow(page)
      .getByRole('link', { name: /^Remove end date/ })
      .click()
    await page.getByRole('dialog', { name: 'Remove end date' }).getByRole('button', { name: 'Remove end date' }).click()
    await expect(snackbar(page, 'Commission successfully updated.')).toBeVisible()
  })

  test('Edit All step 1 refuses a date before the latest start, and a date with no rules says so', async ({ page }) => {
    await login(page, 'admin', `/manage/commissions?dialog=editAll&mga=${GLRM}&step=1`)
    const dialog = page.getByRole('dialog', { name: 'Edit All: GLRM' })
    await dialog.getByLabel('Effective date').fill('2020-01-01')
    await dialog.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit All: GLRM' }).getByText('Must be a valid date.')).toBeVisible()
    await page.goto('/manage/commissions?view=date&date=2019-01-01')
    await expect(page.getByText('There are no commission rates for the selected date.')).toBeVisible()
  })
})
