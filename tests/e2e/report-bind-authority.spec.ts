import { signedInContext, someFirm } from './factories'
import { expect, login, openReportsMenu, reportsMenuLink, test } from './fixtures'

/**
 * Bind Authority Production (spec 3 §2.7; decision 0033): in the REPORTS menu of those with
 * bindauthority-view, 'Generate Report' is a GET form (`?run=1`), the totals follow the ledger, the
 * newest inception leads. The test books a policy of its own with an inception no seeded policy has,
 * and invoices it through the API.
 */

interface Answer {
  data: { pid: number; amt: string; received: string; error: string; stamp: string }[]
  totalBooked: string
  totalReceived: string
  totalUnpaid: string
  count: number
}

const money = (text: string) =>
  `$${Number(text).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** A Book policy of 12-31-2199 with two invoices, one of them paid. */
async function bookedPolicy() {
  const admin = await signedInContext('admin')
  const { fid } = await someFirm(admin)
  const made = await admin.post('/api/policies', {
    data: { fid, incept: '2199-12-31', premium: '4000.00', limits: '1M', deduc: '5,000' },
  })
  expect(made.status()).toBe(200)
  const { pid, version } = (await made.json()) as { pid: number; version: number }
  const put = await admin.put(`/api/policies/${pid}`, { data: { version, status: 'Book' } })
  expect(put.status(), await put.text()).toBe(200)
  for (const entry of [
    { type: 'Invoice', acct: 'Premium', amt: '3000.00' },
    { type: 'Invoice', acct: 'Premium', amt: '1000.00', paid: '2026-11-20' },
  ]) {
    const posted = await admin.post('/api/ledgers', { data: { pid, ...entry } })
    expect(posted.status(), await posted.text()).toBeLessThan(300)
  }
  await admin.dispose()
  return { pid, fid }
}

test('Bind Authority from the REPORTS menu: Generate Report, the totals of the ledger, newest first', async ({
  page,
}) => {
  const { pid, fid } = await bookedPolicy()
  await (await reportsMenuLink(page, 'accounting', 'Bind Authority', '/reports/bindauthority')).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bind Authority' })).toBeVisible()
  const today = new Date()
  const mmddyyyy = [today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, '0')).join('-')
  await expect(page.getByText(/^Report date \d{2}-\d{2}-\d{4}$/)).toContainText(mmddyyyy)
  await expect(page.getByText(/Total Records/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Generate Report' }).click()
  await expect(page).toHaveURL(/\/reports\/bindauthority\?run=1$/)
  const api = (await (await page.request.post('/api/reports/bindauthority?perPage=1')).json()) as Answer
  await expect(page.getByText(/^Total Records:/)).toHaveText(`Total Records: ${api.count.toLocaleString('en-US')}`)
  const totals = page.getByRole('table', { name: 'Bind Authority totals' })
  for (const header of ['Booked', 'Funds Received', 'Unpaid'])
    await expect(totals.getByRole('columnheader', { name: header })).toBeVisible()
  await expect(totals.getByRole('cell').nth(0)).toHaveText(money(api.totalBooked))
  await expect(totals.getByRole('cell').nth(1)).toHaveText(money(api.totalReceived))
  await expect(totals.getByRole('cell').nth(2)).toHaveText(money(api.totalUnpaid))

  const detail = page.getByRole('table', { name: /Bind Authority policies/ })
  await expect(detail.getByRole('columnheader')).toHaveText([
    'Policy ID',
    'Firm ID',
    'Incept',
    'Notes',
    'Booked',
    'Received',
    'Sort',
  ])
  const first = detail.getByRole('row').nth(1)
  await expect(first.getByRole('rowheader')).toHaveText(String(pid))
  await expect(first.getByRole('cell')).toHaveText([
    String(fid),
    '12-31-2199',
    'Partly paid',
    '$4,000.00',
    '$1,000.00',
    '1',
  ])
  expect(api.data[0]).toMatchObject({
    pid,
    stamp: '12-31-2199',
    error: 'Partly paid',
    amt: '4000.00',
    received: '1000.00',
  })
})

test('the REPORTS menu leaves Bind Authority out without bindauthority-view', async ({ page }) => {
  await openReportsMenu(page, 'claims')
  await expect(page.getByRole('link', { name: 'Loss Run' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Bind Authority' })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Generate Report is a GET form; the URL reproduces the report and pages it', async ({ page }) => {
    await login(page, 'accounting', '/reports/bindauthority')
    await page.getByRole('button', { name: 'Generate Report' }).click()
    await expect(page).toHaveURL(/\?run=1$/)
    await expect(page.getByText(/^Total Records: [\d,]+$/)).toBeVisible()
    const detail = page.getByRole('table', { name: /Bind Authority policies/ })
    await expect(detail.getByRole('row')).toHaveCount(101)
    await page.getByLabel('Bind Authority pages', { exact: true }).getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(detail.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('101')
    await page.reload()
    await expect(detail.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('101')
  })
})
