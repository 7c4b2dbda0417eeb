import dayjs from 'dayjs'
import { signedInContext, someFirm } from './factories'
import { expect, reportsMenuLink, test } from './fixtures'

/**
 * Renewal (spec 3 §2.11, §4, §5; decision 0036): a popup report from the REPORTS menu, a GET form whose
 * URL is the report, the defaults, 'Field is required', a renewal that moved from Lloyds to another
 * carrier found through its prior policy, results hidden when a field changes. The test's policies are
 * of a type no seeded policy has (DO), in November of next year.
 */

const NEXT_YEAR = dayjs().year() + 1

async function renewalAwayFromLloyds() {
  const admin = await signedInContext('admin')
  const { fid } = await someFirm(admin)
  const firm = (await (await admin.get(`/api/firms/${fid}`)).json()) as { type: string; insured: string }
  const policy = async (incept: string, values: Record<string, unknown>) => {
    const made = await admin.post('/api/policies', {
      data: { fid, incept, premium: '1000.00', limits: '1M', deduc: '5,000' },
    })
    expect(made.status()).toBe(200)
    const { pid, version } = (await made.json()) as { pid: number; version: number }
    const put = await admin.put(`/api/policies/${pid}`, { data: { version, type: 'DO', status: 'Book', ...values } })
    expect(put.status(), await put.text()).toBe(200)
    return pid
  }
  const prior = await policy(`${NEXT_YEAR - 1}-11-14`, { carrier: 'Lloyds', premium: '4321.00' })
  await policy(`${NEXT_YEAR}-11-14`, {
    carrier: 'Hiscox',
    premium: '5432.10',
    ppid: prior,
    insured: 'Renewal E2E Insured',
  })
  await admin.dispose()
  return { firmType: firm.type }
}

test('Renewal from the REPORTS menu: defaults, required fields, a renewal away from Lloyds, hidden on change', async ({
  page,
}) => {
  const { firmType } = await renewalAwayFromLloyds()
  await reportsMenuLink(page, 'claims', 'Renewal', '/reports/Renewal')

  await page.goto('/reports/Renewal')
  await expect(page.getByRole('heading', { level: 1, name: 'Renewal' })).toBeVisible()
  // Defaults (spec 3 §2.11): prior carrier Lloyds, type FPL, the previous month; no shell around the popup.
  const previous = dayjs().subtract(1, 'month')
  await expect(page.getByLabel('Prior Carrier')).toHaveValue('Lloyds')
  await expect(page.getByLabel('Type', { exact: true })).toHaveValues(['FPL'])
  await expect(page.getByLabel('Month')).toHaveValue(String(previous.month() + 1))
  await expect(page.getByLabel('Year')).toHaveValue(String(previous.year()))
  await expect(page.getByLabel('Carrier', { exact: true })).toHaveValue('')
  await expect(page.getByRole('link', { name: 'JOBS' })).toHaveCount(0)

  // Firm type is required (no default in the spec).
  await page.getByRole('button', { name: 'Run Renewal' }).click()
  await expect(page.getByRole('alert')).toHaveText('Field is required')

  await page.getByLabel('Carrier', { exact: true }).selectOption('Hiscox')
  await page.getByLabel('Type', { exact: true }).selectOption(['DO'])
  await page.getByLabel('Firm Type').selectOption([firmType])
  await page.getByLabel('Month').selectOption('11')
  await page.getByLabel('Year').selectOption(String(NEXT_YEAR))
  await page.getByRole('button', { name: 'Run Renewal' }).click()
  await expect(page).toHaveURL(/run=1.*carrier=Hiscox.*prevCarrier=Lloyds.*types=DO/)
  const table = page.getByRole('table', { name: 'Renewals' })
  const row = table.getByRole('row', { name: /Renewal E2E Insured/ })
  await expect(row).toHaveCount(1)
  for (const text of [`${NEXT_YEAR}-11-14`, 'Hiscox', '$5,432.10', 'Lloyds', '$4,321.00'])
    await expect(row).toContainText(text)
  await expect(page.getByText(/Total Records: \d+/)).toBeVisible()

  // Results hide when any field changes, and show again when the report runs.
  await page.getByLabel('Month').selectOption('10')
  await expect(table).toBeHidden()
  await page.getByRole('button', { name: 'Run Renewal' }).click()
  await expect(page.getByRole('status')).toHaveText('There is no data available for that search.')

  // A year outside 2005 to next year, typed into the URL, is refused with the field's message.
  await page.goto(
    `/reports/Renewal?run=1&prevCarrier=Lloyds&types=DO&firmTypes=${encodeURIComponent(firmType)}&month=11&year=2004`,
  )
  await expect(page.getByRole('alert')).toHaveText(`Year must be 2005 to ${NEXT_YEAR}`)
})
