import type { APIRequestContext } from '@playwright/test'
import { signedInContext, someFirm } from './factories'
import { expect, login, reportsMenuLink, test } from './fixtures'

/**
 * Loss Run (spec 3 §2.10, §4, §5, §8; decision 0036): a popup report opened from the REPORTS menu, a
 * GET form whose URL is the report, the Totals row, results hidden when a field changes, and a clean
 * Letter page when printed. Each test makes its own policies under a carrier and type no seeded policy
 * has, on a firm found by search.
 */

const CHROME = ['LOGOUT', 'JOBS', 'SEARCH', 'REPORTS']

/** Two policies of the carrier and type on a firm, one with two claims; answers the firm and the figures. */
async function lossRunOf(carrier: string, type: string) {
  const admin: APIRequestContext = await signedInContext('admin')
  const { fid } = await someFirm(admin)
  const policy = async (incept: string, polnum: string, premium: string) => {
    const made = await admin.post('/api/policies', {
      data: { fid, incept, premium, limits: '1M', deduc: '5,000' },
    })
    expect(made.status()).toBe(200)
    const { pid, version } = (await made.json()) as { pid: number; version: number }
    const put = await admin.put(`/api/policies/${pid}`, { data: { version, carrier, type, polnum, status: 'Past' } })
    expect(put.status(), await put.text()).toBe(200)
    return pid
  }
  const first = await policy('2023-04-01', `${type}-23-E2E`, '2000.00')
  await policy('2024-04-01', `${type}-24-E2E`, '2100.50')
  for (const amounts of [
    { res_def: '5000', defense: '1250.25', res_mon: '400', monitor: '100' },
    { reserve: '20000', damages: '7500.75', cur_dam: '0', defense: '99.75' },
  ]) {
    const made = await admin.post('/api/claims', { data: { fid } })
    expect(made.status()).toBe(201)
    const { clid, version } = (await made.json()) as { clid: number; version: number }
    const put = await admin.put(`/api/claims/${clid}`, { data: { version, pid: first, carrier, type, ...amounts } })
    expect(put.status(), await put.text()).toBe(200)
  }
  await admin.dispose()
  return { fid }
}

test('Loss Run from the REPORTS menu: defaults, required fields, the Totals row, hidden on change, printed on Letter', async ({
  page,
}) => {
  const { fid } = await lossRunOf('Hiscox', 'DO')
  const menuItem = await reportsMenuLink(page, 'claims', 'Loss Run', '/reports/LossRun')
  // The menu opens the report in a popup window (1400x900, app/domain/popup-sizes.ts).
  const popupPromise = page.waitForEvent('popup')
  await menuItem.click()
  const popup = await popupPromise
  await popup.waitForLoadState()
  expect(new URL(popup.url()).pathname).toBe('/reports/LossRun')
  await popup.close()

  await page.goto('/reports/LossRun')
  await expect(page.getByRole('heading', { level: 1, name: 'Loss Run' })).toBeVisible()
  // Defaults (spec 3 §2.10): Lloyds, FPL, every toggle on; no shell around the popup.
  await expect(page.getByLabel('Carrier')).toHaveValue('Lloyds')
  await expect(page.getByLabel('Type')).toHaveValue('FPL')
  for (const toggle of ['Show premium', 'Show reserves', 'Show monitor'])
    await expect(page.getByLabel(toggle)).toBeChecked()
  await expect(page.getByRole('link', { name: 'JOBS' })).toHaveCount(0)

  // FID is required.
  await page.getByRole('button', { name: 'Run Loss Run' }).click()
  await expect(page.getByRole('alert')).toHaveText('Field is required')

  await page.getByLabel('FID').fill(String(fid))
  await page.getByLabel('Carrier').selectOption('Hiscox')
  await page.getByLabel('Type').selectOption('DO')
  await page.getByRole('button', { name: 'Run Loss Run' }).click()
  await expect(page).toHaveURL(new RegExp(`fid=${fid}.*carrier=Hiscox.*type=DO`))
  const table = page.getByRole('table')
  await expect(table.getByRole('row')).toHaveCount(4) // header, two policies, Totals
  await expect(table.getByRole('row').nth(1)).toContainText('DO-24-E2E')
  const totals = table.locator('tfoot tr')
  await expect(totals.getByRole('rowheader')).toHaveText('Totals')
  // Premium 4,100.50; 2 claims; monitoring 100; reserves 3,749.75 + 300 + 12,499.25; defense 1,350; damages 7,500.75.
  await expect(totals).toContainText('$4,100.50')
  await expect(totals).toContainText('$100.00')
  await expect(totals).toContainText('$16,549.00')
  await expect(totals).toContainText('$1,350.00')
  await expect(totals).toContainText('$7,500.75')
  await expect(totals).toContainText('$25,499.75')

  // Results hide when a field changes, and come back when the report runs again.
  await page.getByLabel('Show reserves').uncheck()
  await expect(table).toBeHidden()
  await page.getByRole('button', { name: 'Run Loss Run' }).click()
  await expect(page.getByRole('columnheader', { name: 'Reserves' })).toHaveCount(0)
  // Reserves off: total = defense + damages + monitoring.
  await expect(page.locator('tfoot tr')).toContainText('$8,950.75')
  await page.getByLabel('Show reserves').check()
  await page.getByRole('button', { name: 'Run Loss Run' }).click()
  await expect(page.getByRole('columnheader', { name: 'Reserves' })).toBeVisible()
  await expect(page.locator('tfoot tr')).toContainText('$25,499.75')

  // Printed: one Letter page, the firm's name and the date, no form, no buttons, no app chrome.
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ format: 'Letter' })
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const printed = await page.evaluate(() => document.body.innerText)
  expect(printed).toContain(`(FID ${fid})`)
  expect(printed).toMatch(/as of \d{2}-\d{2}-\d{4}/)
  expect(printed).toContain('Totals')
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Run Loss Run' })).toBeHidden()
  for (const text of CHROME) expect(printed).not.toContain(text)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the GET form runs the report; its URL reproduces it; messages are the spec’s', async ({ page }) => {
    const { fid } = await lossRunOf('Aspen', 'EPL')
    await login(page, 'claims')
    await page.goto('/reports/LossRun')
    await page.getByLabel('Carrier').selectOption('Aspen')
    await page.getByLabel('Type').selectOption('EPL')
    await page.getByRole('button', { name: 'Run Loss Run' }).click()
    await expect(page.getByRole('alert')).toHaveText('Field is required')

    await page.getByLabel('FID').fill('999999999')
    await page.getByRole('button', { name: 'Run Loss Run' }).click()
    await expect(page.getByRole('alert')).toHaveText('Failed to get firm')

    await page.getByLabel('FID').fill(String(fid))
    await page.getByLabel('Show monitor').uncheck()
    await page.getByRole('button', { name: 'Run Loss Run' }).click()
    await expect(page.getByRole('columnheader', { name: 'Monitoring' })).toHaveCount(0)
    const totals = page.locator('tfoot tr')
    // Monitor off: total = defense + damages + reserves.
    await expect(totals).toContainText('$25,399.75')
    const url = page.url()
    await page.goto('/')
    await page.goto(url)
    await expect(page.locator('tfoot tr')).toContainText('$25,399.75')

    await page.getByLabel('Type').selectOption('CYB')
    await page.getByRole('button', { name: 'Run Loss Run' }).click()
    await expect(page.getByRole('status')).toHaveText('There is no data available for that search.')
  })
})
