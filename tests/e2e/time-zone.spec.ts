import type { Page } from '@playwright/test'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { expect, login, test } from './fixtures'

dayjs.extend(utc)
dayjs.extend(timezone)

// A browser whose clock is in another zone than the server's (staff working remotely, a server in
// UTC): pages show the server zone's clock in both renders. Before, the browser wrote its own hours
// when it hydrated the claim editor's change log (React's hydration error 418, then the whole page
// rendered again in the browser), and the jobs list's times changed after a sort.
const BROWSER_ZONE = 'Pacific/Kiritimati'
test.use({ timezoneId: BROWSER_ZONE })

/** The zone the page says its times are in (the server's). */
async function pageZone(page: Page) {
  const zone = await page.locator('meta[name="time-zone"]').getAttribute('content')
  expect(zone, 'the server runs in another zone than the test browser').not.toBe(BROWSER_ZONE)
  return zone!
}

/** DD MMM YYYY hh:mm A of an instant on a zone's clock, written by dayjs's zones independently of the app. */
const onClock = (iso: string, zone: string) => dayjs(iso).tz(zone).format('DD MMM YYYY hh:mm A')

test("the claim editor's change log hydrates with the server zone's clock", async ({ page }) => {
  await login(page, 'claims')
  const found = await page.request.post('/api/claims/search', {
    data: { whereColumns: { status: 'Open' }, checkedColumns: ['clid'], perPage: 30, sortBy: 'clid', sortDesc: false },
  })
  const { result } = (await found.json()) as { result: { clid: number }[] }
  const clid = result[result.length - 1].clid
  await page.goto(`/editClaim/${clid}`)
  await page.getByRole('textbox', { name: 'Claimant' }).fill(`Zone Claimant ${Date.now()}`)
  const reloaded = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/editClaim\/\d+\.data/.test(response.url()),
  )
  await page.getByRole('button', { name: 'Save' }).click()
  await reloaded
  // A fresh load: the server writes the log, the browser hydrates it (the fixture fails on a mismatch).
  await page.reload()
  const logs = (await (await page.request.get(`/api/claims/${clid}/logs`)).json()) as { at: string }[]
  const zone = await pageZone(page)
  const log = page.getByRole('table', { name: 'Change log' })
  await expect(log.locator('tbody tr').first().locator('td').first()).toHaveText(onClock(logs[0].at, zone))
})

test("the jobs list keeps the server zone's clock when the browser renders it again (a sort)", async ({ page }) => {
  await login(page, 'claims')
  await page.goto('/search/firms/firmsSearch')
  const zone = await pageZone(page)
  const table = page.getByRole('table', { name: 'Jobs' })
  await table.getByRole('link', { name: 'Last', exact: true }).click()
  await expect(page).toHaveURL(/jsort=cstamp/)
  await expect(table.getByRole('columnheader', { name: /Last/ }).first()).toHaveAttribute('aria-sort', 'ascending')
  // The rows the browser wrote, against the same page as the server writes it.
  const texts = async (html?: string) =>
    page.evaluate((source) => {
      const root = source ? new DOMParser().parseFromString(source, 'text/html') : document
      const table = root.querySelector('table[aria-label="Jobs"]')!
      const column = [...table.querySelectorAll('thead th')].findIndex((th) =>
        th.textContent?.trim().startsWith('Last'),
      )
      return [...table.querySelectorAll('tbody tr[data-key]')]
        .slice(0, 20)
        .map((tr) => `${tr.getAttribute('data-key')} ${tr.children[column]?.textContent}`)
    }, html)
  const shown = await texts()
  expect(shown.length).toBeGreaterThan(0)
  expect(shown).toEqual(await texts(await (await page.request.get(page.url())).text()))
  // And they are the server zone's hours, not the browser's.
  const nid = shown[0].split(' ')[0]
  const note = (await (await page.request.get(`/api/notes/${nid}`)).json()) as { cstamp: string }
  expect(shown[0].replace(/\s+/g, ' ')).toBe(`${nid} ${onClock(note.cstamp, zone)}`)
})
