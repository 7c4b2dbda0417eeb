import dayjs from 'dayjs'
import { expect, login, test } from './fixtures'

const TODAY = dayjs().format('D MMM YYYY')

test.describe('hours', () => {
  test('shows today’s time entries by default and validates the search with the spec’s messages', async ({ page }) => {
    await login(page, 'readonly', '/hours')
    const entries = page.getByRole('table', { name: 'Time entries' })
    await expect(entries).toContainText('readonly')
    await expect(entries).toContainText('signed in')
    await expect(entries.getByRole('rowheader', { name: 'Total' }).or(entries.getByText('Total'))).toBeVisible()

    const search = page.getByRole('form', { name: 'Hours search' })
    await search.getByLabel('Start date').fill('2026-01-01')
    await search.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByText('Must be D MMM YYYY')).toBeVisible()

    await search.getByLabel('Start date').fill(TODAY)
    await search.getByLabel('End date').fill(dayjs().subtract(3, 'day').format('D MMM YYYY'))
    await search.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByText('End date before Start')).toBeVisible()

    await search.getByLabel('Start date').fill(dayjs().add(2, 'day').format('DD MMM YYYY'))
    await search.getByLabel('End date').fill(dayjs().add(2, 'day').format('DD MMM YYYY'))
    await search.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByText('Must not be after today').first()).toBeVisible()

    await expect(page).toHaveURL(/start=/)
    await page.goto('/hours?start=&end=')
    await expect(page.getByText('Field is required').first()).toBeVisible()

    // The Log result is disabled for a period longer than a year (spec 2 §5), as the dates are typed.
    const form = page.getByRole('form', { name: 'Hours search' })
    const log = form.getByLabel('Result').locator('option[value="log"]')
    await form.getByLabel('Start date').fill(dayjs().subtract(1, 'year').subtract(1, 'day').format('D MMM YYYY'))
    await form.getByLabel('End date').fill(TODAY)
    await expect(log).toBeDisabled()
    await form.getByLabel('Start date').fill(dayjs().subtract(1, 'year').format('D MMM YYYY'))
    await expect(log).toBeEnabled()
  })

  test('without hours-override, another user’s hours are refused on the page and the API', async ({ page }) => {
    await login(page, 'readonly', '/hours?username=admin')
    await expect(page.getByRole('combobox', { name: 'Username' }).first()).toHaveValue('readonly')
    await expect(page.getByRole('combobox', { name: 'Username' }).first().locator('option')).toHaveText(['readonly'])
    expect((await page.request.get('/api/sessions?action=period&username=admin')).status()).toBe(403)
    expect((await page.request.get('/api/sessions?action=period&username=All')).status()).toBe(403)
    expect((await page.request.get('/api/users/hours?username=admin')).status()).toBe(403)
    expect((await page.request.get('/api/sessions?action=log')).status()).toBe(200)
  })

  test('hours-override holders choose All for the period view; the log needs one user', async ({ page }) => {
    await login(page, 'accounting')
    const start = dayjs().subtract(30, 'day').format('D MMM YYYY')
    await page.goto(`/hours?${new URLSearchParams({ username: 'All', start, end: TODAY, kind: 'period' })}`)
    const totals = page.getByRole('table', { name: 'Period totals' })
    await expect(totals).toContainText('underwriter')
    await expect(totals).toContainText('Total')
    // The page's totals match the API's, which match the sum of the log rows.
    const api = (await (
      await page.request.get(
        `/api/sessions?action=period&username=All&startDate=${dayjs().subtract(30, 'day').format('YYYY-MM-DD')}&endDate=${dayjs().format('YYYY-MM-DD')}`,
      )
    ).json()) as {
      logs: { username: string; _hours: number }[]
      sum: number
    }
    expect(api.sum).toBe(api.logs.reduce((total, row) => total + row._hours, 0))
    const mkent = api.logs.find((row) => row.username === 'mkent')!
    const log = (await (
      await page.request.get(
        `/api/sessions?action=log&username=mkent&startDate=${dayjs().subtract(30, 'day').format('YYYY-MM-DD')}&endDate=${dayjs().format('YYYY-MM-DD')}`,
      )
    ).json()) as {
      logs: { session_interval: number }[]
    }
    expect(
      Math.abs(log.logs.reduce((total, row) => total + row.session_interval, 0) - mkent._hours),
    ).toBeLessThanOrEqual(log.logs.length)

    await page.goto(`/hours?${new URLSearchParams({ username: 'All', start, end: TODAY, kind: 'log' })}`)
    await expect(page.getByText('The log needs a specific user.')).toBeVisible()
  })

  test('the home tile toggles between Time Entries and Active Sessions', async ({ page }) => {
    await login(page, 'claims', '/')
    const tile = page.getByRole('region', { name: 'Hours' })
    await expect(tile.getByRole('table', { name: 'Time entries' })).toContainText('claims')
    await tile.getByRole('link', { name: 'Active Sessions' }).click()
    await expect(tile.getByRole('table', { name: 'Active sessions' })).toContainText('claims')
    await expect(tile.getByRole('table', { name: 'Time entries' })).toHaveCount(0)
  })
})

test.describe('hours without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('records a leave entry and finds it in the log', async ({ page }) => {
    await login(page, 'underwriter', '/hours')
    const day = dayjs().subtract(7, 'day').format('D MMM YYYY')
    const leave = page.getByRole('form', { name: 'Record leave' })
    await leave.getByLabel('Type').selectOption('Vacation')
    await leave.getByLabel('Date').fill(day)
    await leave.getByLabel('Hours').fill('7.5')
    await leave.getByRole('button', { name: 'Record' }).click()
    await expect(page.getByText('Vacation recorded.')).toBeVisible()
    const entries = page.getByRole('table', { name: 'Time entries' })
    await expect(entries.getByRole('row').filter({ hasText: 'Vacation' }).filter({ hasText: '07:30:00' })).toHaveCount(
      1,
    )
  })
})
