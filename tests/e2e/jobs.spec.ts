import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { makeNote, someFirm, unique } from './factories'
import { demoUser, expect, login, signedInPage, test } from './fixtures'
import { JOB_ROW_KEYS } from '../support/api-shapes'

const SEARCH = '/search/firms/firmsSearch'
// Each test makes its jobs and loads a few pages: allow for a busy machine.
test.describe.configure({ timeout: 60_000 })
const STATUS_ORDER = ['xtreme', 'urgent', 'normal', 'check', 'hold', 'low', 'archive']

// The tests share one database with every other spec, which make, take and close jobs of the demo
// users as they run. So each test makes its own jobs (notes with a re no one else uses, through the
// API as the user they belong to) and looks at them through the jobs search (`jq`); what it reads of
// the whole queue (the headers, that it is sorted, that every row is the user's) holds whatever other
// specs add. Next Job takes the most pressing job of the whole office: the test checks the job it got.
// Column orders are the user's own: accounting (JavaScript) and claims (plain forms) each keep theirs.

/** Jobs of the signed-in user (notes in their name) with the given changes; each `re` is a unique tag and its `re` (else a letter). */
async function makeJobs(
  api: APIRequestContext,
  jobs: Record<string, unknown>[],
): Promise<{ tag: string; nids: number[] }> {
  const tag = unique('JOB')
  const { fid } = await someFirm(api)
  const nids: number[] = []
  for (const [index, changes] of jobs.entries()) {
    nids.push(
      (await makeNote(api, fid, { ...changes, re: `${tag} ${String(changes.re ?? String.fromCharCode(97 + index))}` }))
        .nid,
    )
  }
  return { tag, nids }
}

/** The jobs table's headers in their default order. */
const DEFAULT_COLUMNS = ['Actions', 'Firm Name', 'Exdate', 'Status', 'Age', 'Type', 'Re', 'Dated', 'For', 'Last', 'By']
/** The default order with one column moved to the given place. */
function columnsWith(column: string, index: number): string[] {
  const rest = DEFAULT_COLUMNS.filter((name) => name !== column)
  return [...rest.slice(0, index), column, ...rest.slice(index)]
}

const jobsTable = (page: Page) => page.getByRole('table', { name: 'Jobs' })
const headers = (page: Page) => jobsTable(page).getByRole('columnheader')
const jobRows = (page: Page) => jobsTable(page).locator('tbody tr')

/** The cell texts of a column, found by its header (the order of columns is the user's). */
async function columnTexts(page: Page, label: string): Promise<string[]> {
  const names = (await headers(page).allInnerTexts()).map((text) => text.replace(/[▲▼]/g, '').trim())
  const index = names.indexOf(label)
  expect(index, `column ${label}`).toBeGreaterThanOrEqual(0)
  return jobRows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts()
}

/** A button of the Columns form (it sits in a <details> that may be closed). */
async function columnButton(page: Page, name: string) {
  const button = page.getByRole('button', { name })
  if (!(await button.isVisible())) await page.getByText('Columns', { exact: true }).click()
  return button
}

/** The note ids of the rows shown (each row has an Open below link named by its note). */
async function shownNids(page: Page): Promise<string[]> {
  const labels = await jobRows(page)
    .getByRole('link', { name: /^Open note \d+ below$/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''))
  return labels.map((label) => label.match(/\d+/)![0])
}

async function markDoneButtons(scope: Locator) {
  return scope.getByRole('button', { name: /^Mark Done note \d+$/ })
}

test.describe('jobs list', () => {
  test('is what underwriter sees first, sorted staff, status (xtreme first), last change, with status colours', async ({
    page,
  }) => {
    // Jobs of each colour at the top of the queue (pressing first), whatever the demo queue holds now.
    await login(page, 'underwriter')
    await makeJobs(page.request, [{ status: 'xtreme' }, { status: 'urgent' }, { status: 'normal' }])
    await page.context().clearCookies()
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Username' }).fill('underwriter')
    await page.getByLabel('Password').fill(demoUser('underwriter').password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(new RegExp(`${SEARCH}$`))
    await expect(page.getByRole('heading', { name: /My Jobs/ })).toBeVisible()
    await expect(headers(page)).toHaveText(DEFAULT_COLUMNS)
    const statuses = await columnTexts(page, 'Status')
    expect(statuses.length).toBeGreaterThanOrEqual(3)
    const ranks = statuses.map((status) => STATUS_ORDER.indexOf(status))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(new Set(await columnTexts(page, 'For'))).toEqual(new Set(['underwriter']))
    await expect(
      jobRows(page)
        .filter({ has: page.locator('td', { hasText: /^xtreme$/ }) })
        .first(),
    ).toHaveCSS('color', 'rgb(201, 42, 42)')
    const urgent = jobRows(page)
      .filter({ has: page.locator('td', { hasText: /^urgent$/ }) })
      .first()
    await expect(urgent).toHaveCSS('color', 'rgb(24, 100, 171)')
    const normal = jobRows(page)
      .filter({ has: page.locator('td', { hasText: /^normal$/ }) })
      .first()
    await expect(normal).not.toHaveCSS('color', 'rgb(201, 42, 42)')
    await expect(normal).not.toHaveCSS('color', 'rgb(24, 100, 171)')
    // Each row: a popup link to the note's firm, open below, and Mark Done on one's own jobs.
    const first = jobRows(page).first()
    const popup = first.getByRole('link', { name: /^Open note \d+ in a popup$/ })
    await expect(popup).toHaveAttribute('href', /^\/viewFirmNote\/\d+$/)
    await expect(popup).toHaveAttribute('target', '_blank')
    await expect(await markDoneButtons(first)).toHaveCount(1)
  })

  test('sorts by a header, filters by kind and search, keeps it all in the URL', async ({ page }) => {
    await login(page, 'underwriter')
    // Re in mixed case: the sort ignores it.
    const { tag, nids } = await makeJobs(page.request, [{ re: 'b' }, { re: 'A', type: 'retry' }, { re: 'c' }])
    const [b, a, c] = nids
    await page.goto(SEARCH)
    const search = page.getByRole('search', { name: 'Search jobs' })
    await search.getByRole('textbox', { name: 'Search jobs' }).fill(tag)
    await search.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`jq=${tag}`))
    // The URL changes as the new list starts rendering: wait for the rows.
    await expect.poll(async () => (await shownNids(page)).sort()).toEqual(nids.map(String).sort())
    await jobsTable(page).getByRole('link', { name: 'Re', exact: true }).click()
    await expect(page).toHaveURL(/jsort=re/)
    await expect(jobsTable(page).getByRole('columnheader', { name: /Re/ }).first()).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await expect.poll(() => shownNids(page)).toEqual([a, b, c].map(String))
    await jobsTable(page).getByRole('link', { name: /^Re/ }).click()
    await expect(page).toHaveURL(/jsort=re&jdesc=1/)
    await expect.poll(() => shownNids(page)).toEqual([c, b, a].map(String))

    await page.getByRole('combobox', { name: 'Job kind' }).selectOption('retries')
    await expect(page).toHaveURL(/jobs=retries/)
    await expect(page).toHaveURL(/jsort=re/)
    await expect(page).toHaveURL(new RegExp(`jq=${tag}`))
    await expect.poll(() => shownNids(page)).toEqual([String(a)])
    await page.getByRole('link', { name: 'View Jobs' }).click()
    await expect(page.getByRole('heading', { name: /My Jobs/ })).toBeVisible()
  })

  test('opens a job below: the firm on its Notes tab, mode Active, the note selected', async ({ page }) => {
    await login(page, 'underwriter')
    const { tag, nids } = await makeJobs(page.request, [{}])
    const nid = nids[0]
    await page.goto(`${SEARCH}?jq=${tag}`)
    await jobRows(page)
      .first()
      .getByRole('link', { name: `Open note ${nid} below` })
      .click()
    await expect(page).toHaveURL(new RegExp(`open=(\\d+)&firm=\\d+&tab=Notes&nmode=Active&nid=${nid}`))
    await expect(page.getByRole('navigation', { name: 'Open firms' })).toBeVisible()
    await expect(jobsTable(page)).toBeVisible()
  })

  test('Next Job takes the most pressing job, gives it to the user and opens it below', async ({ page }) => {
    await login(page, 'underwriter')
    // The latest change first: the job just taken heads the list, however long the queue is.
    await page.goto(`${SEARCH}?jsort=cstamp&jdesc=1`)
    await page.getByRole('button', { name: 'Next Job' }).click()
    await expect(page).toHaveURL(/tab=Notes&nmode=Active&nid=\d+/, { timeout: 15_000 })
    await expect(page.getByRole('status').filter({ hasText: /^Next job: / })).toBeVisible({ timeout: 15_000 })
    const nid = Number(new URL(page.url()).searchParams.get('nid'))
    const fid = new URL(page.url()).searchParams.get('firm')
    expect(new URL(page.url()).searchParams.get('open')).toContain(fid)
    const mine = await (await page.request.get(`/api/notes/jobs?search=`)).json()
    const taken = mine.result.find((row: { nid: number }) => row.nid === nid)
    expect(taken).toMatchObject({ staff: 'underwriter', fid: Number(fid) })
    await expect(jobsTable(page).getByRole('button', { name: `Mark Done note ${nid}` })).toBeVisible()
  })

  test("Mark Done closes one's own job; a stale row answers 'Error marking note done.'", async ({ page, browser }) => {
    await login(page, 'claims')
    const { tag, nids } = await makeJobs(page.request, [{ type: 'retry' }])
    const nid = nids[0]
    const label = `Mark Done note ${nid}`
    await page.goto(`${SEARCH}?jobs=retries&jq=${tag}`)
    // A second window of the same user shows the same job.
    const other = await signedInPage(browser, 'claims')
    await other.goto(`${SEARCH}?jobs=retries&jq=${tag}`)
    await other.getByRole('button', { name: label }).click()
    await expect(other.getByRole('status').filter({ hasText: `Note ${nid} was marked done.` })).toBeVisible()
    await expect(other.getByRole('button', { name: label })).toHaveCount(0)
    await other.close()
    // The first window still shows it at its old version.
    await page.getByRole('button', { name: label }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Error marking note done.' })).toHaveText(
      'Error marking note done.',
    )
    await page
      .getByRole('button', { name: 'Refresh Jobs' })
      .or(page.getByRole('link', { name: 'Refresh Jobs' }))
      .click()
    await expect(page.getByRole('button', { name: label })).toHaveCount(0)
  })

  test('job-override: admin picks another user (active / extreme counts), sees no Mark Done there, My Jobs returns', async ({
    page,
  }) => {
    // dokafor's queue: no other spec signs in as, or gives jobs to, dokafor.
    await login(page, 'admin')
    await page.goto(SEARCH)
    const picker = page.getByRole('combobox', { name: 'Jobs of user' })
    const options = await picker.locator('option').allInnerTexts()
    expect(options).toContainEqual(expect.stringMatching(/^dokafor \(\d+ \/ \d+\)$/))
    const counts = await (await page.request.get('/api/notes/jobs/count')).json()
    const dokafor = counts.find((row: { staff: string }) => row.staff === 'dokafor')
    expect(options).toContain(`dokafor (${dokafor.activejobs} / ${dokafor.extremejobs})`)
    await picker.selectOption('dokafor')
    await expect(page).toHaveURL(/juser=dokafor/)
    await expect(page.getByRole('heading', { name: /Jobs of dokafor/ })).toBeVisible()
    expect(new Set(await columnTexts(page, 'For'))).toEqual(new Set(['dokafor']))
    await expect(await markDoneButtons(jobsTable(page))).toHaveCount(0)
    await expect(
      jobRows(page)
        .first()
        .getByRole('link', { name: /below$/ }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'My Jobs' }).click()
    await expect(page.getByRole('heading', { name: /My Jobs/ })).toBeVisible()
    await expect(page).not.toHaveURL(/juser=/)
  })

  test('without job-override: no user picker, juser is ignored, the API refuses other users', async ({ page }) => {
    await login(page, 'underwriter')
    await page.goto(`${SEARCH}?juser=mkent`)
    await expect(page.getByRole('heading', { name: /My Jobs/ })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Jobs of user' })).toHaveCount(0)
    expect(new Set(await columnTexts(page, 'For'))).toEqual(new Set(['underwriter']))
    const refused = await page.request.get('/api/notes/jobs?username=mkent')
    expect(refused.status()).toBe(403)
    expect((await refused.json()).message).toBe("Only users with job-override may see other users' jobs.")
    expect((await page.request.get('/api/notes/jobs?job=users')).status()).toBe(403)
    expect((await page.request.get('/api/notes/jobs/next?userid=mkent')).status()).toBe(403)
    const bad = await page.request.get('/api/notes/jobs?job=everything')
    expect(bad.status()).toBe(400)
    expect((await bad.json()).message).toContain('job must be one of all, ticklers, retries, others, solicit, users')
    expect((await page.request.get('/api/notes/jobs?limit=5000')).status()).toBe(400)
    const counts = await (await page.request.get('/api/notes/jobs/count')).json()
    expect(counts).toEqual([{ staff: 'underwriter', activejobs: expect.any(Number), extremejobs: expect.any(Number) }])
    await makeJobs(page.request, [{ due: '2020-01-02' }])
    const list = await (await page.request.get('/api/notes/jobs?job=ticklers&sortBy=re')).json()
    expect(Object.keys(list.result[0]).sort()).toEqual(JOB_ROW_KEYS)
    expect(list.result.every((row: { _exdate: string | null }) => row._exdate !== null)).toBe(true)

    await login(page, 'admin')
    const users = await (await page.request.get('/api/notes/jobs?job=users&withACLs=1')).json()
    expect(users.find((user: { username: string }) => user.username === 'mkent')).toMatchObject({
      activejobs: expect.any(Number),
      allowed_users: expect.any(Array),
    })
    const theirs = await (await page.request.get('/api/notes/jobs?usernames=mkent,jrivera')).json()
    expect(new Set(theirs.result.map((row: { staff: string }) => row.staff))).toEqual(new Set(['mkent', 'jrivera']))
  })

  test('columns reorder by dragging a header and by the move buttons; the order is kept after reload', async ({
    page,
  }) => {
    // A job of accounting's own to show (accounting may not write notes: the admin gives it one).
    await login(page, 'admin')
    await makeJobs(page.request, [{ staff: 'accounting' }])
    await login(page, 'accounting')
    // Start from the default order whatever an earlier run left (the order is saved per user).
    const reset = await page.request.post(SEARCH, {
      form: { intent: 'job-columns', order: 'actions,sort,exdate,status,lag,type,re,dated,staff,cstamp,opener' },
      maxRedirects: 0,
    })
    expect(reset.status()).toBe(302)
    await page.goto(SEARCH)
    await expect(headers(page)).toHaveText(DEFAULT_COLUMNS)
    // Drag Re onto Firm Name: Re takes its place (headers are draggable once the page is hydrated).
    await expect(jobsTable(page).locator('th[data-column="re"]')).toHaveAttribute('draggable', 'true')
    await jobsTable(page).locator('th[data-column="re"]').dragTo(jobsTable(page).locator('th[data-column="sort"]'))
    await expect(headers(page)).toHaveText(columnsWith('Re', 1))
    await page.waitForLoadState('networkidle')
    await page.reload()
    await expect(headers(page)).toHaveText(columnsWith('Re', 1))
    // The buttons under Columns: move Actions right.
    await (await columnButton(page, 'Move Actions right')).click()
    await expect(page.getByRole('status').filter({ hasText: 'The column order was saved.' })).toBeVisible()
    await page.reload()
    await expect(headers(page)).toHaveText(columnsWith('Re', 0))
    // The cells follow their headers.
    const firstRow = jobRows(page).first().locator('td')
    await expect(firstRow.nth(1).getByRole('link', { name: /in a popup$/ })).toBeVisible()
    // The buttons with JavaScript (a navigation with the snackbar, the order from the server).
    await (await columnButton(page, 'Move Re right')).click()
    await expect(headers(page)).toHaveText(columnsWith('Re', 1))
    await (await columnButton(page, 'Move Re right')).click()
    await expect(headers(page)).toHaveText(columnsWith('Re', 2))
  })

  test('pages on the server: page links and rows per page in the URL, a new sort starts at page 1', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    const { tag } = await makeJobs(
      page.request,
      ['low', 'normal', 'urgent', 'hold', 'xtreme', 'check', 'normal'].map((status) => ({ status })),
    )
    await page.goto(`${SEARCH}?jsize=5&jq=${tag}`)
    await expect(jobRows(page)).toHaveCount(5)
    await expect(page.getByText('1–5 of 7', { exact: true })).toBeVisible()
    const first = await shownNids(page)
    await page.getByLabel('Job pages').getByRole('link', { name: '2', exact: true }).click()
    await expect(page).toHaveURL(/jpage=2/)
    await expect(page.getByText('6–7 of 7', { exact: true })).toBeVisible()
    await expect(jobRows(page)).toHaveCount(2)
    const second = await shownNids(page)
    expect(second.filter((nid) => first.includes(nid))).toEqual([])
    // The list is sorted as a whole: page 2 goes on from page 1's status ranks.
    const ranks = (await columnTexts(page, 'Status')).map((status) => STATUS_ORDER.indexOf(status))
    expect(ranks).toEqual(['hold', 'low'].map((status) => STATUS_ORDER.indexOf(status)))
    await jobsTable(page).getByRole('link', { name: 'Re', exact: true }).click()
    await expect(page).toHaveURL(/jsort=re/)
    await expect(page).not.toHaveURL(/jpage=/)
    await expect(page.getByText('1–5 of 7', { exact: true })).toBeVisible()
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100')
    await expect(page).toHaveURL(/jsize=100/)
    // The URL changes before the new page has rendered: wait for the rows, not only the address.
    await expect(jobRows(page)).toHaveCount(7)
  })

  test('above an open firm the list shows 25 rows a page, and the pager reaches the rest (decision 0038)', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    const { fid } = await someFirm(page.request)
    const { tag } = await makeJobs(
      page.request,
      Array.from({ length: 27 }, () => ({})),
    )
    await page.goto(`${SEARCH}?jq=${tag}&open=${fid}&firm=${fid}&tab=Info`)
    await expect(jobRows(page)).toHaveCount(25)
    await expect(page.getByText('1–25 of 27', { exact: true })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Rows per page' }).first()).toHaveValue('25')
    await page.getByLabel('Job pages').getByRole('link', { name: '2', exact: true }).click()
    await expect(page).toHaveURL(/jpage=2/)
    await expect(page.getByText('26–27 of 27', { exact: true })).toBeVisible()
    await expect(jobRows(page)).toHaveCount(2)
    // Without a firm open the list keeps its 100.
    await page.goto(`${SEARCH}?jq=${tag}`)
    await expect(jobRows(page)).toHaveCount(27)
  })
})

test.describe('jobs list without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('search, kind, Mark Done, Next Job and the column buttons all work as plain forms', async ({ page }) => {
    await login(page, 'claims')
    const { tag, nids } = await makeJobs(page.request, [{ type: 'memo' }])
    const nid = nids[0]
    const label = `Mark Done note ${nid}`
    await page.goto(`${SEARCH}?jq=${tag}`)
    await expect(page.getByRole('heading', { name: /My Jobs/ })).toBeVisible()
    await page.getByRole('combobox', { name: 'Job kind' }).selectOption('others')
    await page.getByRole('search', { name: 'Search jobs' }).getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/jobs=others/)
    await page.getByRole('button', { name: label }).click()
    await expect(page.getByRole('status').filter({ hasText: `Note ${nid} was marked done.` })).toBeVisible()
    await expect(page).toHaveURL(/jobs=others/)
    await expect(page.getByRole('button', { name: label })).toHaveCount(0)

    await (await columnButton(page, 'Move Exdate left')).click()
    await expect(page.getByRole('status').filter({ hasText: 'The column order was saved.' })).toBeVisible()
    await expect(headers(page)).toHaveText(columnsWith('Exdate', 1))
    await (await columnButton(page, 'Move Exdate right')).click()
    await expect(headers(page)).toHaveText(DEFAULT_COLUMNS)

    await page.getByRole('button', { name: 'Next Job' }).click()
    await expect(page).toHaveURL(/tab=Notes&nmode=Active&nid=\d+/, { timeout: 15_000 })
    await expect(page.getByRole('status').filter({ hasText: /^Next job: / })).toBeVisible({ timeout: 15_000 })
  })

  test('pages with plain links and the rows-per-page form', async ({ page }) => {
    await login(page, 'underwriter')
    const { tag } = await makeJobs(
      page.request,
      Array.from({ length: 7 }, () => ({})),
    )
    await page.goto(`${SEARCH}?jsize=5&jsort=re&jq=${tag}`)
    await expect(jobRows(page)).toHaveCount(5)
    const first = await shownNids(page)
    await page.getByLabel('Job pages').getByRole('link', { name: '2', exact: true }).click()
    await expect(page).toHaveURL(/jpage=2/)
    await expect(page).toHaveURL(/jsort=re/)
    await expect(page.getByText('6–7 of 7', { exact: true })).toBeVisible()
    expect((await shownNids(page)).filter((nid) => first.includes(nid))).toEqual([])
    // A search starts again at page 1 and keeps the page size.
    await page.getByRole('search', { name: 'Search jobs' }).getByRole('button', { name: 'Search' }).click()
    await expect(page).not.toHaveURL(/jpage=/)
    await expect(page).toHaveURL(/jsize=5/)
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/jsize=100/)
    await expect(jobRows(page)).toHaveCount(7)
  })
})
