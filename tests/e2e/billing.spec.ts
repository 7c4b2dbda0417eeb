import type { APIRequestContext, Page } from '@playwright/test'
import { expect, login, test } from './fixtures'

/**
 * MGA Billing Entities (spec 1 §2.10): create, a row's read and edit modes (pick a new billing MGA,
 * save or discard), a row's history, delete after the confirmation, the page sizes; with JavaScript
 * and without it (every step a link or a form the server answers).
 */

const PAGE = '/manage/mgaBilling'
const SHOTS = '/work/shots'
const snack = (page: Page, text: string) => page.locator('.snackbar').filter({ hasText: text })

/** MGA contacts of this test's own (so the runs and the other specs never share one). */
async function makeMgas(request: APIRequestContext, prefix: string, count: number) {
  const stamp = Date.now().toString(36).slice(-4).toUpperCase()
  const made: { cid: number; sort: string }[] = []
  for (let index = 0; index < count; index++) {
    const sort = `${prefix}${stamp}${index}`.slice(0, 10)
    const response = await request.post('/api/contacts', {
      data: { name1: `${sort} Underwriting Managers`, sort, type: ['MGA'] },
    })
    expect(response.status()).toBe(201)
    made.push((await response.json()) as { cid: number; sort: string })
  }
  return made
}

const table = (page: Page) => page.getByRole('table', { name: 'MGA Billing Entities' })
const rowOf = (page: Page, sort: string) => table(page).getByRole('row').filter({ hasText: sort }).first()
const option = (sort: string) => ({ label: `${sort} (${sort} Underwriting Managers)` })

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true }).catch(() => undefined)
}

test.describe('MGA billing entities', () => {
  test('create, edit mode, discard, save, history and delete', async ({ page }) => {
    await login(page, 'admin')
    const [mga, first, second] = await makeMgas(page.request, 'EB', 3)
    await page.goto(`${PAGE}?size=all`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MGA Billing Entities')
    await expect(table(page).getByRole('columnheader')).toHaveText(['MGA ▲', 'Billing MGA', 'Actions'])
    await expect(page.getByRole('combobox', { name: 'Rows per page' }).locator('option')).toHaveText([
      '50',
      '100',
      '150',
      'All',
    ])
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('all')

    await page.locator('select[name="contact_id"]').selectOption(option(mga!.sort))
    await page
      .locator('form:has(input[value="mga-create"]) select[name="billing_mga"]')
      .selectOption(option(first!.sort))
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(snack(page, 'MGA successfully updated.')).toBeVisible()
    await expect(rowOf(page, mga!.sort)).toContainText(first!.sort)
    await screenshot(page, 'billing-table')

    // Read mode, then edit mode (a link: the URL names the row), then discard.
    await page.getByRole('link', { name: `Edit ${mga!.sort}` }).click()
    await expect(page).toHaveURL(/edit=\d+/)
    const edit = page.getByRole('form', { name: `Edit ${mga!.sort}` })
    await expect(edit.locator('select[name="billing_mga"]')).toHaveValue(String(first!.cid))
    await edit.locator('select[name="billing_mga"]').selectOption(option(second!.sort))
    await screenshot(page, 'billing-edit')
    await edit.getByRole('link', { name: 'Discard' }).click()
    await expect(page).not.toHaveURL(/edit=/)
    await expect(rowOf(page, mga!.sort)).toContainText(first!.sort)

    // Edit again and save.
    await page.getByRole('link', { name: `Edit ${mga!.sort}` }).click()
    await page
      .getByRole('form', { name: `Edit ${mga!.sort}` })
      .locator('select[name="billing_mga"]')
      .selectOption(option(second!.sort))
    await page
      .getByRole('form', { name: `Edit ${mga!.sort}` })
      .getByRole('button', { name: 'Save' })
      .click()
    await expect(snack(page, 'MGA successfully updated.')).toBeVisible()
    await expect(page).not.toHaveURL(/edit=/)
    await expect(page).toHaveURL(/size=all/)
    await expect(rowOf(page, mga!.sort)).toContainText(second!.sort)

    // Its history: who changed it, from which billing MGA to which.
    await page.getByRole('link', { name: `History of ${mga!.sort}` }).click()
    const history = page.getByRole('table', { name: /History of MGA billing entity/ })
    await expect(history.getByRole('row')).toHaveCount(3)
    await expect(history.getByRole('row').nth(1)).toContainText('admin')
    await expect(history.getByRole('row').nth(1)).toContainText(`billing_contact: ${first!.sort} → ${second!.sort}`)
    await screenshot(page, 'billing-history')

    // Delete, after the confirmation.
    await page.getByRole('link', { name: `Delete ${mga!.sort}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText(`Delete the billing entity of ${mga!.sort}?`)
    await screenshot(page, 'billing-delete')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(snack(page, 'MGA successfully updated.')).toBeVisible()
    await expect(table(page).getByRole('row').filter({ hasText: mga!.sort })).toHaveCount(0)
  })

  test('the page sizes change the table by the URL', async ({ page }) => {
    await login(page, 'accounting')
    await page.goto(PAGE)
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100')
    await expect(page).toHaveURL(/size=100/)
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('all')
    await expect(page).toHaveURL(/size=all/)
    await expect(table(page).getByRole('row').nth(1)).toBeVisible()
  })
})

test.describe('MGA billing entities without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('required fields refused in place, then create, edit, save and delete', async ({ page }) => {
    await login(page, 'admin')
    const [mga, first, second] = await makeMgas(page.request, 'NB', 3)
    await page.goto(PAGE)
    await page.getByRole('button', { name: 'Create' }).click()
    const create = page.locator('form').filter({ has: page.getByRole('heading', { name: 'New MGA billing entity' }) })
    // Each field shows the spec's message (the form's fields carry theirs, no alert above them).
    await expect(create.getByText('This field is required.')).toHaveCount(2)
    await screenshot(page, 'billing-nojs-required')

    await create.locator('select[name="contact_id"]').selectOption(option(mga!.sort))
    await create.locator('select[name="billing_mga"]').selectOption(option(first!.sort))
    await create.getByRole('button', { name: 'Create' }).click()
    await expect(snack(page, 'MGA successfully updated.')).toBeVisible()

    await page.goto(`${PAGE}?size=all`)
    await page.getByRole('link', { name: `Edit ${mga!.sort}` }).click()
    const edit = page.getByRole('form', { name: `Edit ${mga!.sort}` })
    await edit.locator('select[name="billing_mga"]').selectOption(option(second!.sort))
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(snack(page, 'MGA successfully updated.')).toBeVisible()
    await expect(page).toHaveURL(/size=all/)
    await expect(rowOf(page, mga!.sort)).toContainText(second!.sort)

    await page.getByRole('link', { name: `Delete ${mga!.sort}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(snack(page, 'MGA successfully updated.')).toBeVisible()
    await expect(table(page).getByRole('row').filter({ hasText: mga!.sort })).toHaveCount(0)
  })
})
