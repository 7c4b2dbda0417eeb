import { expect, login, reportsMenuLink, test } from './fixtures'

/**
 * Aggregate reports (spec 3 §2.9, §8; decision 0035): in the REPORTS menu of those with report-view,
 * a GET form whose URL reproduces the report (`run=1`), the totals row first, 100 groups a page sorted by
 * the header links on the server, the chosen measure as SVG bars beside the table, and the spec's message
 * for a request that does not fit.
 */

interface Answer {
  data: Record<string, string | number | null>[]
  totals: Record<string, string | number | null>
  count: number
}

const FAILED =
  'An error occurred while trying to access the database. Be sure to fill out all the fields, including type, completely and if the problem persists please notify the development team with a detailed description of the error.'

const money = (text: string | number | null) =>
  `$${Number(text ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

test('Reports from the REPORTS menu: policies by state, the totals row first, sorting, the chart', async ({ page }) => {
  await (await reportsMenuLink(page, 'readonly', 'Aggregate Reports', '/reports/reportsSearch')).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  // The spec's defaults: claims, SUM, every state.
  await expect(page.getByRole('radio', { name: 'Claims' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'SUM' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'All states' })).toBeChecked()

  await page.getByRole('radio', { name: 'Policies' }).check()
  await page.getByRole('button', { name: 'Run Report' }).click()
  await expect(page).toHaveURL(/\/reports\/reportsSearch\?run=1&q=policies&agg=sum&state=all/)
  const api = (await (await page.request.post('/api/reports', { data: { queryType: 'policies' } })).json()) as Answer
  await expect(page.getByText(/^Total Records:/)).toHaveText(`Total Records: ${api.count.toLocaleString('en-US')}`)
  const table = page.getByRole('table', { name: 'Aggregate report, totals first' })
  await expect(table.getByRole('columnheader')).toHaveText(['State ▲', 'Policies', 'Premium'])
  const totals = table.getByRole('row').nth(1)
  await expect(totals.getByRole('rowheader')).toHaveText('Totals')
  await expect(totals.getByRole('cell').last()).toHaveText(money(api.totals.premium))
  await expect(table.getByRole('row').nth(2).getByRole('rowheader')).toHaveText(String(api.data[0]!.state))

  const chart = page.getByRole('img', { name: 'SUM of Premium by state' })
  await expect(chart).toBeVisible()

  // Sorting is the server's: Premium ascending, then descending (the largest first).
  await table.getByRole('link', { name: 'Premium' }).click()
  await expect(page).toHaveURL(/sort=premium/)
  await table.getByRole('link', { name: /Premium/ }).click()
  await expect(page).toHaveURL(/sort=premium&desc=1/)
  const byPremium = (await (
    await page.request.post('/api/reports', { data: { queryType: 'policies', sortBy: 'premium', sortDesc: true } })
  ).json()) as Answer
  await expect(table.getByRole('row').nth(2).getByRole('cell').last()).toHaveText(money(byPremium.data[0]!.premium))
  await expect(table.getByRole('columnheader', { name: /Premium/ })).toHaveAttribute('aria-sort', 'descending')
  await page.screenshot({ path: 'test-results/aggregate-report.png', fullPage: true })
})

test('GLR by zone shows the loss ratios of the totals and of each zone', async ({ page }) => {
  await login(page, 'readonly', '/reports/reportsSearch?run=1&q=claims&agg=glr&state=zone')
  const table = page.getByRole('table', { name: 'Aggregate report, totals first' })
  await expect(table.getByRole('columnheader', { name: 'Zone' })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'GLR', exact: true })).toBeVisible()
  const api = (await (
    await page.request.post('/api/reports', { data: { aggType: 'glr', whereColumns: { state: 'zone' } } })
  ).json()) as Answer
  const ratio = api.totals.totalloss === null ? '—' : `${(Number(api.totals.totalloss) * 100).toFixed(2)}%`
  const glrIndex = await table
    .getByRole('columnheader')
    .evaluateAll((cells) => cells.findIndex((cell) => cell.textContent?.trim() === 'GLR'))
  await expect(table.getByRole('row').nth(1).locator('th, td').nth(glrIndex)).toHaveText(ratio)
  await expect(page.getByRole('img', { name: 'Gross loss ratio by zone' })).toBeVisible()
  await page.screenshot({ path: 'test-results/aggregate-report-glr.png', fullPage: true })
})

test("POST /api/reports refuses a request that does not fit with the spec's message", async ({ page }) => {
  await login(page, 'readonly')
  for (const data of [{ aggType: 'median' }, { queryType: 'policies', sortBy: 'damages' }]) {
    const answer = await page.request.post('/api/reports', { data })
    expect(answer.status()).toBe(400)
    expect(((await answer.json()) as { message: string }).message).toBe(FAILED)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form is a GET whose URL reproduces the report: firms with their insured, paged by 100', async ({
    page,
  }) => {
    await login(page, 'readonly', '/reports/reportsSearch')
    await page.getByRole('radio', { name: 'Policies' }).check()
    await page.getByRole('radio', { name: 'Firm', exact: true }).check()
    await page.getByRole('checkbox', { name: 'Insured' }).check()
    await page.getByRole('button', { name: 'Run Report' }).click()
    await expect(page).toHaveURL(/run=1&q=policies&agg=sum&state=firm/)
    await expect(page).toHaveURL(/col=insured/)
    const table = page.getByRole('table', { name: 'Aggregate report, totals first' })
    await expect(table.getByRole('columnheader')).toHaveText(['Firm ID ▲', 'State', 'Insured', 'Policies', 'Premium'])
    // The totals row, then 100 firms.
    await expect(table.getByRole('row')).toHaveCount(102)
    await expect(page.getByRole('img', { name: 'SUM of Premium by firm' })).toBeVisible()
    await page.screenshot({ path: 'test-results/aggregate-report-firms.png', fullPage: true })
    await page.getByLabel('Report pages', { exact: true }).getByRole('link', { name: 'Next page' }).click()
    await expect(page).toHaveURL(/page=2/)
    const first = await table.getByRole('row').nth(2).getByRole('rowheader').textContent()
    await page.reload()
    await expect(table.getByRole('row').nth(2).getByRole('rowheader')).toHaveText(first ?? '')
  })
})
