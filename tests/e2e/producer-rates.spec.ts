import type { Page } from '@playwright/test'
import { expect, login, test } from './fixtures'

/**
 * Producer Rates (spec 1 §2.11): a producer's rate created for a placement (All, Renewal, New
 * Business), edited with the producer fixed, its history, deleted after the confirmation; the default
 * rate edited with only its commission. With JavaScript and without it. Each test uses a producer no
 * other spec gives a rate (wbaxter, dokafor) and removes its rate again; the default is saved unchanged.
 */

const PAGE = '/manage/producerCommissions'
const SHOTS = '/work/shots'
const snack = (page: Page, text: string) => page.locator('.snackbar').filter({ hasText: text })
const table = (page: Page) => page.getByRole('table', { name: 'Producer Rates' })
const createForm = (page: Page) => page.locator('form:has(input[value="rate-create"])')

/** Fills the create form's given fields (the producer by its label) and presses Create. */
async function submitCreate(page: Page, fields: { producer?: string; placement?: string; commission?: string }) {
  const form = createForm(page)
  if (fields.producer) await form.locator('select[name="list_id"]').selectOption({ label: fields.producer })
  if (fields.placement !== undefined) await form.locator('select[name="placement"]').selectOption(fields.placement)
  if (fields.commission !== undefined) await form.locator('input[name="commission"]').fill(fields.commission)
  await form.getByRole('button', { name: 'Create' }).click()
}

/** After a create: the spec's message, and the producer's row showing its placement and commission. */
async function expectCreated(page: Page, producer: string, placement: string, commission: string) {
  await expect(snack(page, 'Producer commission successfully created.')).toBeVisible()
  const row = table(page).getByRole('row').filter({ hasText: producer })
  await expect(row).toContainText(placement)
  await expect(row).toContainText(commission)
  return row
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }).catch(() => undefined)
}

test.describe('producer rates', () => {
  test('create, edit with the producer fixed, history, the default rate, delete', async ({ page }) => {
    await login(page, 'admin')
    await page.goto(PAGE)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Producer Rates')
    await expect(table(page).getByRole('columnheader')).toHaveText(['Producer', 'Placement', 'Commission', 'Actions'])
    await expect(table(page).getByRole('row').nth(1)).toContainText('Default')
    await expect(createForm(page).locator('select[name="placement"] option')).toHaveText([
      '',
      'All',
      'Renewal',
      'New Business',
    ])

    await submitCreate(page, { producer: 'wbaxter (Will Baxter)', placement: 'renewal', commission: '12.5' })
    const row = await expectCreated(page, 'wbaxter', 'Renewal', '12.5%')
    await screenshot(page, 'producer-table')

    await page.getByRole('link', { name: 'Edit the rate of wbaxter (Will Baxter), Renewal' }).click()
    await expect(page).toHaveURL(/edit=\d+/)
    const edit = page.getByRole('form', { name: 'Edit the rate of wbaxter (Will Baxter)' })
    // The producer is fixed: named, not a field.
    await expect(edit.locator('select[name="list_id"]')).toHaveCount(0)
    await expect(edit.locator('input[name="commission"]')).toHaveValue('12.5')
    await edit.locator('select[name="placement"]').selectOption('new')
    await edit.locator('input[name="commission"]').fill('15')
    await screenshot(page, 'producer-edit')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(snack(page, 'Producer commission successfully updated.')).toBeVisible()
    await expect(row).toContainText('New Business')
    await expect(row).toContainText('15%')

    await page.getByRole('link', { name: 'History of the rate of wbaxter (Will Baxter), New Business' }).click()
    const history = page.getByRole('table', { name: /History of producer rate/ })
    await expect(history.getByRole('row')).toHaveCount(3)
    await expect(history.getByRole('row').nth(1)).toContainText('commission: 0.125000 → 0.150000')
    await expect(history.getByRole('row').nth(1)).toContainText('renewal: true → false')
    await screenshot(page, 'producer-history')

    // The default rate: only its commission (saved as it is, so other specs keep their default).
    await page.getByRole('link', { name: 'Edit the rate of Default' }).click()
    const fallback = page.getByRole('form', { name: 'Edit the rate of Default' })
    await expect(fallback.locator('select[name="placement"]')).toHaveCount(0)
    await screenshot(page, 'producer-default-edit')
    await fallback.getByRole('button', { name: 'Save' }).click()
    await expect(snack(page, 'Default commission successfully updated.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Delete the rate of Default' })).toHaveCount(0)

    await page.getByRole('link', { name: 'Delete the rate of wbaxter (Will Baxter), New Business' }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      'Delete the rate of wbaxter (Will Baxter) (New Business, 15%)?',
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(snack(page, 'Producer commission successfully deleted.')).toBeVisible()
    await expect(table(page).getByRole('row').filter({ hasText: 'wbaxter' })).toHaveCount(0)
  })
})

test.describe('producer rates without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the spec messages in place, then create, edit and delete', async ({ page }) => {
    await login(page, 'accounting')
    await page.goto(PAGE)
    await submitCreate(page, { placement: '' })
    await expect(createForm(page).getByText('This field is required.')).toHaveCount(3)
    await submitCreate(page, { producer: 'dokafor (Daniel Okafor)', placement: 'all', commission: '101' })
    await expect(createForm(page).getByText('Must be a valid percentage.')).toHaveCount(1)
    await expect(createForm(page).locator('select[name="list_id"]')).toHaveValue(/\d+/)
    await screenshot(page, 'producer-nojs-invalid')
    await submitCreate(page, { commission: '9.75' })
    const row = await expectCreated(page, 'dokafor', 'All', '9.75%')

    await page.getByRole('link', { name: 'Edit the rate of dokafor (Daniel Okafor), All' }).click()
    const edit = page.getByRole('form', { name: 'Edit the rate of dokafor (Daniel Okafor)' })
    await edit.locator('input[name="commission"]').fill('')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit.getByText('This field is required.').first()).toBeVisible()
    await edit.locator('input[name="commission"]').fill('11')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(snack(page, 'Producer commission successfully updated.')).toBeVisible()
    await expect(row).toContainText('11%')

    await page.getByRole('link', { name: 'Delete the rate of dokafor (Daniel Okafor), All' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(snack(page, 'Producer commission successfully deleted.')).toBeVisible()
    await expect(table(page).getByRole('row').filter({ hasText: 'dokafor' })).toHaveCount(0)
  })
})
