import type { APIRequestContext, Page } from '@playwright/test'
import { expect, login, test } from './fixtures'
import { makePerson } from './factories'

const VIEWER = '/search/firms/viewFirm'
const SEARCH = '/search/firms/firmsSearch'
const RETRIEVAL_FAILED =
  'An error occurred while trying to retrieve the firm. If the problem persists please notify the development team with a detailed description of the error.'

/** Two firms to open (found by search, not by seeded ids), with their sort names. */
async function twoFirms(api: APIRequestContext): Promise<{ fid: number; sort: string }[]> {
  const found = await api.get('/api/firms/unisearch/search?search=an')
  expect(found.status()).toBe(200)
  const { result } = (await found.json()) as { result: { fid: number; sort: string }[] }
  expect(result.length).toBeGreaterThan(1)
  return result.slice(0, 2)
}

const openFirms = (page: Page) => page.getByRole('navigation', { name: 'Open firms' })
const sections = (page: Page) => page.getByRole('navigation', { name: 'Firm sections' })

test.describe('the firm viewer page (/search/firms/viewFirm)', () => {
  test('opens a firm from ?fid=, switches sub-tabs, opens another by FID, closes back to the search', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    const [first, second] = await twoFirms(page.request)
    const surname = `Viewer${Date.now() % 100000}`
    await makePerson(page.request, first!.fid, { surname })
    await page.goto(`${VIEWER}?fid=${first!.fid}`)
    await expect(page).toHaveURL(new RegExp(`${VIEWER}\\?open=${first!.fid}&firm=${first!.fid}&tab=Info$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.sort)
    await expect(page).toHaveTitle(`${first!.sort} · Firm viewer`)
    // The search page's panels are not here: the viewer alone.
    await expect(page.getByRole('textbox', { name: 'Unisearch' })).toHaveCount(0)
    await sections(page).getByRole('link', { name: 'Members' }).click()
    await expect(page).toHaveURL(/tab=Members/)
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(surname)

    // Get by FID opens one more firm and shows it on its Info tab.
    await page.getByRole('textbox', { name: 'Get by FID' }).fill(String(second!.fid))
    await page.getByRole('textbox', { name: 'Get by FID' }).press('Enter')
    await expect(page).toHaveURL(new RegExp(`open=${first!.fid}%2C${second!.fid}&firm=${second!.fid}&tab=Info`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.sort)
    await expect(openFirms(page).getByRole('link', { name: /\(FID \d+\)$/ })).toHaveCount(2)

    // Back to firm search: the same firms open under the search page.
    await expect(page.getByRole('link', { name: 'Back to firm search' })).toHaveAttribute(
      'href',
      `${SEARCH}?open=${first!.fid}%2C${second!.fid}&firm=${second!.fid}&tab=Info`,
    )

    // Closing the shown firm shows the other; closing the last goes to the search panels (spec 2 §2.2).
    await openFirms(page)
      .getByRole('link', { name: `Close ${second!.sort}` })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.sort)
    await openFirms(page)
      .getByRole('link', { name: `Close ${first!.sort}` })
      .click()
    await expect(page).toHaveURL(SEARCH)
    await expect(page).toHaveTitle('Firms')
  })

  test('the firms search page opens the same firms in the viewer page', async ({ page }) => {
    await login(page, 'readonly')
    const [first] = await twoFirms(page.request)
    await page.goto(`${SEARCH}?open=${first!.fid}&firm=${first!.fid}&tab=Info`)
    await page.getByRole('link', { name: 'Open in the firm viewer' }).click()
    await expect(page).toHaveURL(`${VIEWER}?open=${first!.fid}&firm=${first!.fid}&tab=Info`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.sort)
  })

  test('a firm that is not there says so with the spec message (404)', async ({ page }) => {
    await login(page, 'underwriter')
    const response = await page.goto(`${VIEWER}?fid=2147480000`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('alert')).toHaveText(RETRIEVAL_FAILED)
    // With no firm at all: Get by FID and the way back.
    await page.goto(VIEWER)
    await expect(page.getByRole('status').filter({ hasText: 'No firm is open.' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to firm search' }).click()
    await expect(page).toHaveURL(SEARCH)
  })
})

test.describe('the firm viewer page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the firm, its sub-tabs and the way back, all as plain links and forms', async ({ page }) => {
    await login(page, 'readonly')
    const [first, second] = await twoFirms(page.request)
    await page.goto(`${VIEWER}?fid=${first!.fid}`)
    await expect(page).toHaveURL(new RegExp(`open=${first!.fid}&firm=${first!.fid}&tab=Info$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.sort)
    await sections(page).getByRole('link', { name: 'Notes' }).click()
    await expect(page).toHaveURL(/tab=Notes/)
    await expect(sections(page).getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('textbox', { name: 'Get by FID' }).fill(String(second!.fid))
    await page.getByRole('textbox', { name: 'Get by FID' }).press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.sort)
    await page.getByRole('link', { name: 'Back to firm search' }).click()
    await expect(page).toHaveURL(new RegExp(`${SEARCH}\\?open=${first!.fid}%2C${second!.fid}&firm=${second!.fid}`))
    await expect(page.getByRole('navigation', { name: 'Firm sections' })).toBeVisible()
    await page.goto(`${VIEWER}?fid=2147480000`)
    await expect(page.getByRole('alert')).toHaveText(RETRIEVAL_FAILED)
  })

  test("the viewer's forms post to this page and come back to it (a member deleted)", async ({ page }) => {
    await login(page, 'admin')
    const [first] = await twoFirms(page.request)
    const surname = `Gone${Date.now() % 100000}`
    const member = await makePerson(page.request, first!.fid, { surname })
    await page.goto(`${VIEWER}?open=${first!.fid}&firm=${first!.fid}&tab=Members&deleteMember=${member.plid}`)
    await page.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(page).toHaveURL(`${VIEWER}?open=${first!.fid}&firm=${first!.fid}&tab=Members`)
    await expect(page.getByRole('status').filter({ hasText: 'Member deleted' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Members' })).not.toContainText(surname)
  })
})
