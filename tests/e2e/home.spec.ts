import type { Locator, Page } from '@playwright/test'
import { expect, login, test } from './fixtures'

// The status colours at WCAG AA contrast (red-9, blue-9: the --mantine-color-*-text shades of app/styles/app.css [data-tone]).
const RED = 'rgb(201, 42, 42)'
const BLUE = 'rgb(24, 100, 171)'

const tile = (page: Page, name: string) => page.getByRole('region', { name })

/** The News table's rows as { re, status, staff, edit link }, read in one round trip. */
function newsRows(table: Locator) {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')
      const link = row.querySelectorAll('td')[5]?.querySelector('a[aria-label^="Edit note"]')
      return { re: cells[1], status: cells[2], staff: cells[3], edit: link?.getAttribute('href') ?? null }
    }),
  )
}

test.describe('home page tiles', () => {
  test('prints every row of a tile: the scrolling box opens up and the row buttons stay on screen', async ({
    page,
  }) => {
    await login(page, 'admin', '/')
    const table = tile(page, 'News').getByRole('table', { name: 'News' })
    const box = tile(page, 'News').getByRole('group', { name: 'News (scrollable)' })
    await expect(box).toHaveCSS('overflow-y', 'auto')
    await page.emulateMedia({ media: 'print' })
    await expect(box).toHaveCSS('max-height', 'none')
    await expect(box).toHaveCSS('overflow-y', 'visible')
    // The whole table fits in its box: nothing is clipped.
    const [boxHeight, tableHeight] = await Promise.all([
      box.evaluate((element) => element.clientHeight),
      table.evaluate((element) => element.scrollHeight),
    ])
    expect(boxHeight).toBeGreaterThanOrEqual(tableHeight)
    await expect(table.getByRole('link', { name: /^Edit note/ }).first()).toBeHidden()
    await page.emulateMedia({ media: 'screen' })
    await expect(table.getByRole('link', { name: /^Edit note/ }).first()).toBeVisible()
  })

  test('shows News, Events, Appointments and Hours in the spec layout, side by side on wide screens and stacked on narrow ones', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Welcome, underwriter' })).toBeVisible()
    for (const name of ['News', 'Events', 'Appointments', 'Hours']) await expect(tile(page, name)).toBeVisible()
    await expect(tile(page, 'News').getByRole('table', { name: 'News' }).locator('tbody tr')).toHaveCount(20)
    await expect(tile(page, 'Events').getByRole('table', { name: 'Events' }).locator('tbody tr').first()).toContainText(
      /\d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d [AP]M/,
    )

    const box = async (name: string) => (await tile(page, name).boundingBox())!
    const [news, events, appts, hours] = [
      await box('News'),
      await box('Events'),
      await box('Appointments'),
      await box('Hours'),
    ]
    // News and Hours full width; Events and Appointments share a row, half each.
    expect(Math.abs(news.width - hours.width)).toBeLessThan(2)
    expect(Math.abs(events.y - appts.y)).toBeLessThan(2)
    expect(events.x).toBeLessThan(appts.x)
    expect(events.width).toBeLessThan(news.width * 0.55)
    expect(events.y).toBeGreaterThan(news.y + news.height - 1)
    expect(hours.y).toBeGreaterThan(events.y + events.height - 1)

    await page.setViewportSize({ width: 700, height: 900 })
    const [narrowEvents, narrowAppts] = [await box('Events'), await box('Appointments')]
    expect(narrowAppts.y).toBeGreaterThan(narrowEvents.y + narrowEvents.height - 1)
    expect(Math.abs(narrowEvents.x - narrowAppts.x)).toBeLessThan(2)
  })

  test('colours news by status: xtreme red, urgent blue, others in the text colour', async ({ page }) => {
    await login(page, 'claims', '/')
    const table = tile(page, 'News').getByRole('table', { name: 'News' })
    const xtreme = table.getByRole('row').filter({ hasText: 'Carrier portal down for maintenance Friday evening' })
    await expect(xtreme.getByRole('cell', { name: 'xtreme', exact: true }).locator('span')).toHaveCSS('color', RED)
    await expect(xtreme.getByText('Carrier portal down for maintenance Friday evening')).toHaveCSS('color', RED)
    const urgent = table.getByRole('row').filter({ hasText: 'Office closed Monday for the holiday' })
    await expect(urgent.getByRole('cell', { name: 'urgent', exact: true }).locator('span')).toHaveCSS('color', BLUE)
    const normal = table.getByRole('row').filter({ hasText: 'Renewal season kickoff meeting' })
    const normalColor = await normal
      .getByRole('cell', { name: 'normal', exact: true })
      .evaluate((cell) => getComputedStyle(cell).color)
    expect([RED, BLUE]).not.toContain(normalColor)
  })

  test('shows the edit-note button only on open news assigned to the user, and on every item for an admin', async ({
    page,
  }) => {
    await login(page, 'underwriter', '/?news=all')
    const rows = await newsRows(tile(page, 'News').getByRole('table', { name: 'News' }))
    expect(rows.length).toBeGreaterThan(20)
    for (const row of rows) {
      const allowed = row.staff === 'underwriter' && row.status !== 'done' && row.status !== 'cancel'
      expect(row.edit !== null, `${row.re} (${row.status}, for ${row.staff})`).toBe(allowed)
      if (row.edit) expect(row.edit).toMatch(/^\/editNoteEmail\/\d+$/)
    }
    // The seed gives underwriter open news, done news and others' news: all three cases are shown.
    expect(rows.filter((row) => row.edit).length).toBeGreaterThanOrEqual(2)
    expect(rows.some((row) => row.staff === 'underwriter' && row.status === 'done' && !row.edit)).toBe(true)
    expect(rows.some((row) => row.staff !== 'underwriter' && row.status !== 'done' && !row.edit)).toBe(true)

    const admin = await page.context().browser()!.newContext()
    const adminPage = await admin.newPage()
    await login(adminPage, 'admin')
    await adminPage.goto('/?news=all')
    const adminRows = await newsRows(tile(adminPage, 'News').getByRole('table', { name: 'News' }))
    expect(adminRows.length).toBe(rows.length)
    expect(adminRows.every((row) => row.edit !== null)).toBe(true)
    await admin.close()
  })

  test('appointments are the user’s by default, everyone’s on request, with the firm as a popup link', async ({
    page,
  }) => {
    await login(page, 'underwriter', '/')
    const appts = tile(page, 'Appointments')
    const table = appts.getByRole('table', { name: 'Appointments' })
    await expect(appts.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page')
    await expect(table.getByRole('columnheader')).toHaveText(['When', 'Re', 'Firm'])
    const mine = await table.locator('tbody tr').count()
    expect(mine).toBeGreaterThanOrEqual(2)
    const firm = table.locator('tbody tr').first().getByRole('link')
    await expect(firm).toHaveAttribute('href', /^\/viewFirmNoNote\/\d+$/)
    const popup = page.waitForEvent('popup')
    await firm.click()
    const opened = await popup
    await expect(opened).toHaveURL(/\/viewFirmNoNote\/\d+$/)
    await opened.close()

    await appts.getByRole('link', { name: 'Everyone' }).click()
    await expect(page).toHaveURL(/\?appts=all$/)
    await expect(table.getByRole('columnheader')).toHaveText(['When', 'Re', 'Firm', 'For'])
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(mine)
    await expect(table.getByRole('cell', { name: 'mkent', exact: true }).first()).toBeVisible()
  })

  test('GET /api/notes lists news and calendar notes for the signed-in user', async ({ page }) => {
    await login(page, 'readonly')
    const news = await page.request.get(
      '/api/notes?type=news&fields=nid,re,status&orders=dated&directions=DESC&limit=4000',
    )
    expect(news.status()).toBe(200)
    const rows = (await news.json()) as { re: string; status: string }[]
    expect(rows.map((row) => row.re)).toContain('Carrier portal down for maintenance Friday evening')
    const appts = await page.request.get('/api/notes?type=appt&withFirmSort=true&withFuturecstamp=true&staff=mkent')
    const upcoming = (await appts.json()) as { staff: string; firm_sort: string }[]
    expect(upcoming.length).toBeGreaterThanOrEqual(2)
    expect(upcoming.every((row) => row.staff === 'mkent' && row.firm_sort)).toBe(true)
    const bad = await page.request.get('/api/notes?limit=4001')
    expect(bad.status()).toBe(400)
    expect(await bad.json()).toMatchObject({ message: 'limit: limit is at most 4000' })
  })
})

test.describe('home page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('switches every tile view by links, keeping the others', async ({ page }) => {
    await login(page, 'underwriter', '/')
    const news = tile(page, 'News')
    const more = news.getByRole('link', { name: /^Show all \d+ news$/ })
    const total = Number((await more.innerText()).match(/\d+/)![0])
    await more.click()
    await expect(page).toHaveURL(/\?news=all$/)
    // All news comes in pages of 100.
    await expect(news.getByRole('table', { name: 'News' }).locator('tbody tr')).toHaveCount(Math.min(total, 100))
    await expect(news.getByRole('link', { name: 'Show recent news' })).toBeVisible()

    await tile(page, 'Appointments').getByRole('link', { name: 'Everyone' }).click()
    await expect(page).toHaveURL(/\?news=all&appts=all$/)
    await expect(tile(page, 'Appointments').getByRole('columnheader', { name: 'For' })).toBeVisible()

    await tile(page, 'Hours').getByRole('link', { name: 'Active Sessions' }).click()
    await expect(page).toHaveURL(/\?news=all&appts=all&hours=active$/)
    await expect(tile(page, 'Hours').getByRole('table', { name: 'Active sessions' })).toContainText('underwriter')
    await expect(news.getByRole('table', { name: 'News' }).locator('tbody tr')).toHaveCount(Math.min(total, 100))

    await news.getByRole('link', { name: 'Show recent news' }).click()
    await expect(page).toHaveURL(/\?appts=all&hours=active$/)
    await expect(news.getByRole('table', { name: 'News' }).locator('tbody tr')).toHaveCount(20)
    const edit = news.getByRole('link', { name: /^Edit note \d+/ }).first()
    await expect(edit).toHaveAttribute('href', /^\/editNoteEmail\/\d+$/)
  })
})
