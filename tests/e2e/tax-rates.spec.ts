import type { APIRequestContext, Page } from '@playwright/test'
import { someFirm } from './factories'
import { expect, login, test } from './fixtures'
import type { ApiTaxRate } from '../support/api-shapes'

/**
 * State Rates (spec 1 §2.8, §4, §8): an update that ends the old rate and the tax calculator of a policy
 * incepting after it (the new rate) and before it (the old one); the whole life of a rate without
 * JavaScript, with the spec's messages word for word. Rates far in the future, so no other spec's
 * policy (incepting in 2025) sees them.
 */

const M = {
  created: 'Tax rate successfully created.',
  updated: 'New tax rate successfully configured.',
  deleted: 'Tax rate successfully deleted.',
  endAdded: 'End date successfully added.',
  endRemoved: 'End date successfully removed.',
  notMostRecent: 'This is not the most recent tax rate of this type. Please try again with the most recent tax rate.',
  required: 'This field is required.',
  numeric: 'Must be a numeric value.',
}

const snackbar = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const tabOf = (fid: number) => `/search/firms/firmsSearch?open=${fid}&firm=${fid}&tab=Policies&pview=All`

async function ratesOf(api: APIRequestContext, state: string, field: string): Promise<ApiTaxRate[]> {
  const response = await api.get('/api/taxes')
  expect(response.status()).toBe(200)
  return ((await response.json()) as ApiTaxRate[]).filter((rate) => rate.state === state && rate.field === field)
}

async function policyIncepting(api: APIRequestContext, fid: number, incept: string): Promise<number> {
  const response = await api.post('/api/policies', {
    data: { fid, incept, premium: '10000.00', limits: '1M', deduc: '5,000' },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { pid: number }).pid
}

test('a tax update ends the old rate; the calculator of a policy incepting after it uses the new rate', async ({
  page,
}) => {
  await login(page, 'admin')
  const { fid } = await someFirm(page.request)
  const before = await policyIncepting(page.request, fid, '2073-06-01')
  const after = await policyIncepting(page.request, fid, '2074-03-01')

  await page.goto('/manage/taxes')
  await expect(page.getByRole('heading', { name: 'State Rates', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Year', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.getByText('Wyoming', { exact: true }).click()
  const wyoming = page.getByRole('table', { name: 'Wyoming tax rates' })
  await expect(wyoming.getByRole('row').filter({ hasText: 'Wyoming Department of Insurance' })).toContainText('3%')
  await wyoming.scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/work/shots/taxes-year.png', fullPage: false })

  await wyoming.getByRole('link', { name: /^Update: Wyoming Department of Insurance/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Update tax rate: Wyoming Department of Insurance' })
  await expect(dialog.getByRole('textbox', { name: 'Rate (%)' })).toHaveValue('3')
  // With JavaScript, All disables the specific fees (and a fee disables All).
  await expect(dialog.getByRole('checkbox', { name: 'Producer', exact: true })).toBeDisabled()
  await dialog.getByRole('textbox', { name: 'Rate (%)' }).fill('3.5')
  await dialog.getByLabel('Start Date').fill('2074-01-01')
  await page.screenshot({ path: '/work/shots/taxes-update-dialog.png' })
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(snackbar(page, M.updated)).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The old rate ends on the new start date (the Year view of this year shows it open, with its end).
  const old = wyoming.getByRole('row').filter({ hasText: 'Wyoming Department of Insurance' })
  await expect(old).toContainText('2074-01-01')
  const [first, second] = await ratesOf(page.request, 'WY', 'DOI')
  expect([first!.rate, first!.end_date, second!.rate, second!.start_date, second!.end_date]).toEqual([
    0.03,
    '2074-01-01',
    0.035,
    '2074-01-01',
    null,
  ])

  // The Year view of 2074 (a GET form: its address is the view) lists the new rate.
  await page.getByLabel('Year', { exact: true }).selectOption('2074')
  await page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page).toHaveURL(/view=year&year=2074/)
  await page.getByText('Wyoming', { exact: true }).click()
  await expect(wyoming.getByRole('row').filter({ hasText: '3.5%' })).toContainText('2074-01-01')

  // The calculator: a policy incepting after the change is taxed at the new rate, one before at the old.
  for (const [pid, rate, amount] of [
    [after, '3.5%', '$350.00'],
    [before, '3%', '$300.00'],
  ] as const) {
    await page.goto(`${tabOf(fid)}&pcalc=taxes&cpid=${pid}&cstep=1`)
    const calculator = page.getByRole('dialog', { name: `Taxes for policy ${pid}` })
    await calculator.getByLabel('State').selectOption('WY')
    await calculator.getByRole('button', { name: 'Next', exact: true }).click()
    const row = calculator.getByRole('table', { name: 'Taxes' }).getByRole('row').filter({ hasText: 'Wyoming' })
    await expect(row).toContainText(rate)
    await expect(row).toContainText(amount)
  }
})

test('the help dialog: its tabs and Got It!', async ({ page }) => {
  await login(page, 'admin', '/manage/taxes')
  await page.getByRole('link', { name: 'Help' }).click()
  const help = page.getByRole('dialog', { name: 'State Rates help' })
  for (const tab of ['General', 'View', 'Create/Update', 'Delete'])
    await expect(help.getByRole('link', { name: tab, exact: true })).toBeVisible()
  await help.getByRole('link', { name: 'Delete', exact: true }).click()
  await expect(help.getByText('Only a rate without an end date can be deleted.', { exact: false })).toBeVisible()
  await help.getByRole('link', { name: 'Got It!' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("create, update, the not-most-recent refusal, add and remove an end date, delete: the spec's messages", async ({
    page,
  }) => {
    await login(page, 'admin')
    // Vermont has no SLA rate: the add button offers that field only.
    await page.goto('/manage/taxes?view=year&year=2070&open=VT')
    await page.getByRole('link', { name: 'Add tax rate for Vermont' }).click()
    let dialog = page.getByRole('dialog', { name: 'New tax rate for Vermont' })
    await expect(dialog.getByLabel('Field')).toHaveValue('SLA')
    // Refused by the server, re-rendered with its messages.
    await dialog.getByRole('textbox', { name: 'Rate (%)' }).fill('abc')
    await dialog.getByLabel('Start Date').fill('2070-01-01')
    await dialog.getByRole('button', { name: 'Create' }).click()
    dialog = page.getByRole('dialog', { name: 'New tax rate for Vermont' })
    await expect(dialog.getByText(M.required).first()).toBeVisible()
    await expect(dialog.getByText(M.numeric)).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Entity' }).fill('Vermont Stamping Office')
    await dialog.getByRole('textbox', { name: 'Rate (%)' }).fill('0.2')
    await dialog.getByLabel('Start Date').fill('2070-01-01')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(snackbar(page, M.created)).toBeVisible()
    const vermont = page.getByRole('table', { name: 'Vermont tax rates' })
    await expect(vermont.getByRole('row').filter({ hasText: 'Vermont Stamping Office' })).toContainText('0.2%')

    // Update: the new rate ends the first.
    await vermont.getByRole('link', { name: /^Update: Vermont Stamping Office/ }).click()
    dialog = page.getByRole('dialog', { name: 'Update tax rate: Vermont Stamping Office' })
    await dialog.getByRole('textbox', { name: 'Rate (%)' }).fill('0.25')
    await dialog.getByLabel('Start Date').fill('2071-01-01')
    await dialog.getByRole('button', { name: 'Update' }).click()
    await expect(snackbar(page, M.updated)).toBeVisible()
    const [first, second] = await ratesOf(page.request, 'VT', 'SLA')
    expect([first!.end_date, second!.start_date, second!.end_date]).toEqual(['2071-01-01', '2071-01-01', null])

    // Remove end date on the first (not the most recent): the spec's INVALID_PARAMS message.
    await page.goto(`/manage/taxes?view=year&year=2070&dialog=remove-end&id=${first!.id}`)
    dialog = page.getByRole('dialog', { name: 'Remove end date' })
    await dialog.getByRole('button', { name: 'Remove end date' }).click()
    await expect(page.getByRole('dialog', { name: 'Remove end date' }).getByRole('alert')).toHaveText(M.notMostRecent)

    // Add and remove an end date on the most recent, then delete it: the first is current again.
    await page.goto(`/manage/taxes?view=year&year=2071&dialog=add-end&id=${second!.id}`)
    dialog = page.getByRole('dialog', { name: 'Add end date' })
    await dialog.getByLabel('End Date').fill('2072-01-01')
    await dialog.getByRole('button', { name: 'Add end date' }).click()
    await expect(snackbar(page, M.endAdded)).toBeVisible()
    await page.getByRole('link', { name: /^Remove end date: Vermont Stamping Office from 2071-01-01/ }).click()
    await page.getByRole('dialog', { name: 'Remove end date' }).getByRole('button', { name: 'Remove end date' }).click()
    await expect(snackbar(page, M.endRemoved)).toBeVisible()
    await page.getByRole('link', { name: /^Delete: Vermont Stamping Office from 2071-01-01/ }).click()
    await page.getByRole('dialog', { name: 'Delete tax rate' }).getByRole('button', { name: 'Delete' }).click()
    await expect(snackbar(page, M.deleted)).toBeVisible()
    expect(await ratesOf(page.request, 'VT', 'SLA')).toEqual([
      expect.objectContaining({ id: first!.id, end_date: null }),
    ])

    // Its history: who set it, and what it was before.
    await page.goto(`/manage/taxes?view=year&year=2070&dialog=history&id=${first!.id}`)
    const history = page.getByRole('table', { name: 'Tax rate history' })
    await expect(history.getByRole('row')).toHaveCount(4) // header, create, ended, restored
    await expect(history).toContainText('admin')
    await expect(history).toContainText('end_date: — → 2071-01-01')
  })
})
