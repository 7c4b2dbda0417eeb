import type { APIRequestContext, Page } from '@playwright/test'
import { expect, login, test } from './fixtures'

const SEARCH = '/search/claims/claimsSearch'

/** The claims an API search finds (the page's independent check). */
async function apiSearch(
  request: APIRequestContext,
  whereColumns: Record<string, string>,
  extra: Record<string, unknown> = {},
) {
  const response = await request.post('/api/claims/search', {
    data: { whereColumns, checkedColumns: ['clid', 'claimant'], perPage: 15, sortBy: 'clid', sortDesc: true, ...extra },
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as {
    result: { clid: number; claimant: string; [key: string]: unknown }[]
    count: number
    totalPages: number
  }
}

/** The claim ids of the results table, in order. */
async function tableRows(page: Page) {
  return (
    await page.getByRole('table', { name: 'Claims', exact: true }).locator('tbody tr td:nth-child(2)').allInnerTexts()
  ).map(Number)
}

/** Save, then wait for the page's data after the save's redirect (the shared CPU makes it slow at times). */
async function saveAndReload(page: Page) {
  const reloaded = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/editClaim\/\d+\.data/.test(response.url()),
  )
  await page.getByRole('button', { name: 'Save' }).click()
  await reloaded
}

/** An open claim with a defense reserve, not used by the other tests of this file. */
async function openClaim(request: APIRequestContext, skip: number) {
  const found = await apiSearch(request, { status: 'Open', res_def: '1000' }, { perPage: 20 })
  return found.result[skip].clid
}

/** A claim as GET /api/claims/{clid} answers it. */
const readClaim = async (page: Page, clid: number) => (await page.request.get(`/api/claims/${clid}`)).json()

/** Signed in as claims, one of the open claims (by `skip`) opened in the editor; the claim as it was read first. */
async function editorOfClaim(page: Page, skip: number) {
  await login(page, 'claims')
  const clid = await openClaim(page.request, skip)
  const before = await readClaim(page, clid)
  await page.goto(`/editClaim/${clid}`)
  return { clid, before }
}

test.describe('claims search', () => {
  test('several criteria and chosen columns; the URL reopened in a new page gives the same results', async ({
    page,
    context,
  }) => {
    await login(page, 'claims')
    // From an empty search (no column chosen), so the columns are exactly the ones checked below.
    await page.goto(`${SEARCH}?run=1`)
    await expect(page.getByRole('heading', { name: 'Claims', exact: true })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText('At least one search field must be filled to run a search.')
    const form = page.getByRole('search', { name: 'Search claims' })
    await form.getByText('More Search Options').click()
    // Columns in the order checked: Claimant, then Defense Reserve, then Status.
    await form.getByRole('checkbox', { name: 'Show Claimant column', exact: true }).check()
    await form.getByRole('checkbox', { name: 'Show Defense Reserve column', exact: true }).check()
    await form.getByRole('checkbox', { name: 'Show Status column', exact: true }).check()
    await form.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Open')
    await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('FPL')
    await form.getByRole('textbox', { name: 'Defense Reserve', exact: true }).fill('20000')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/run=1.*status=Open/)
    const table = page.getByRole('table', { name: 'Claims', exact: true })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Actions',
      /Claim ID/,
      /Claimant/,
      /Defense Reserve/,
      /Status/,
    ])
    const expected = await apiSearch(page.request, { status: 'Open', type: 'FPL', res_def: '20000' })
    await expect(page.getByRole('status').filter({ hasText: 'Total Records:' })).toHaveText(
      `Total Records: ${expected.count}`,
    )
    const rows = await tableRows(page)
    expect(rows.length).toBe(Math.min(15, expected.count))
    expect(rows).toEqual(expected.result.map((row) => row.clid))
    // Totals of every match, beside the page.
    await expect(page.getByRole('table', { name: 'Totals of all matching claims' })).toContainText('Total')

    const again = await context.newPage()
    await again.goto(page.url())
    expect(await tableRows(again)).toEqual(rows)
    await expect(again.getByRole('table', { name: 'Claims', exact: true }).getByRole('columnheader')).toHaveText([
      'Actions',
      /Claim ID/,
      /Claimant/,
      /Defense Reserve/,
      /Status/,
    ])
  })

  test('the two messages, a bad dollar amount, and the edit pencil only with claim-edit', async ({ page }) => {
    await login(page, 'readonly')
    await page.goto(`${SEARCH}?run=1`)
    await expect(page.getByRole('alert')).toHaveText('At least one search field must be filled to run a search.')
    await page.goto(`${SEARCH}?run=1&claimant=zzzzqqqq&col=claimant`)
    await expect(page.getByRole('alert')).toHaveText('There is no claims data available for that search.')
    await page.goto(`${SEARCH}?run=1&res_def=1%2C000&col=res_def`)
    await expect(page.getByRole('alert')).toContainText('Digits and decimals only')
    // The refused field is marked at the field too (Conform's shape from the loader).
    await expect(page.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await page.goto(`${SEARCH}?run=1&status=Open&col=status`)
    await expect(page.getByRole('link', { name: /^Print or view claim/ }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: /^Edit claim/ })).toHaveCount(0)
    await login(page, 'claims')
    await page.goto(`${SEARCH}?run=1&status=Open&col=status`)
    await expect(page.getByRole('link', { name: /^Edit claim/ }).first()).toHaveAttribute('href', /^\/editClaim\/\d+$/)
  })

  test('a dollar amount with a comma typed in the form comes back marked at its field', async ({ page }) => {
    await login(page, 'claims')
    await page.goto(`${SEARCH}?more=1`)
    const form = page.getByRole('search', { name: 'Search claims' })
    await form.getByRole('textbox', { name: 'Defense Reserve', exact: true }).fill('1,000')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('alert')).toContainText('Digits and decimals only')
    await expect(form.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expect(form.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toHaveValue('1,000')
  })

  test('the more options render as their section opens; a column chosen among them stays on Refresh', async ({
    page,
  }) => {
    await login(page, 'claims')
    await page.goto(`${SEARCH}?run=1&type=FPL&col=claimant&col=firm_sort`)
    const form = page.getByRole('search', { name: 'Search claims' })
    await expect(
      page.getByRole('table', { name: 'Claims', exact: true }).getByRole('columnheader', { name: 'Firm', exact: true }),
    ).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toHaveCount(0)
    // Refresh with the section closed: the column chosen among its options travels in a hidden input.
    await form.getByRole('button', { name: 'Refresh' }).click()
    await expect(page).toHaveURL(/order=claimant%2Cfirm_sort/)
    await expect(
      page.getByRole('table', { name: 'Claims', exact: true }).getByRole('columnheader', { name: 'Firm', exact: true }),
    ).toBeVisible()
    await form.getByText('More Search Options').click()
    await expect(form.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toBeVisible()
    await expect(form.getByRole('checkbox', { name: 'Show Firm column', exact: true })).toBeChecked()
    await expect(form.getByRole('button', { name: 'Show every search option and column' })).toHaveCount(0)
    // A new search draws the form anew; the section the user opened stays open through it.
    await form.getByRole('checkbox', { name: 'Show Firm column', exact: true }).uncheck()
    await form.getByRole('button', { name: 'Refresh' }).click()
    await expect(page).toHaveURL(/order=claimant(&|$)/)
    await expect(
      page.getByRole('table', { name: 'Claims', exact: true }).getByRole('columnheader', { name: 'Firm', exact: true }),
    ).toHaveCount(0)
    await expect(form.getByRole('checkbox', { name: 'Show Firm column', exact: true })).not.toBeChecked()
    await expect(form.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toBeVisible()
  })

  test('long facts open in the full-text dialog', async ({ page }) => {
    await login(page, 'claims')
    await page.goto(`${SEARCH}?run=1&status=Open&col=facts`)
    // From the keyboard: Enter on the row's link opens it, Escape closes it and focus is back on the link.
    const link = page.getByRole('table', { name: 'Claims', exact: true }).getByRole('link', { name: /…$/ }).first()
    await link.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading')).toContainText('Facts')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(link).toBeFocused()
  })
})

test.describe('claims search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the same search works as a plain GET form', async ({ page }) => {
    await login(page, 'claims')
    await page.goto(SEARCH)
    const form = page.getByRole('search', { name: 'Search claims' })
    // The more options are not in the page until asked for: without JavaScript, by the section's link.
    await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption('FPL')
    await form.getByText('More Search Options').click()
    await expect(form.getByRole('textbox', { name: 'Defense Reserve', exact: true })).toHaveCount(0)
    // The section's button sends what was typed: the options open, the Type chosen stays, nothing is searched yet.
    await form.getByRole('button', { name: 'Show every search option and column' }).click()
    await expect(page).toHaveURL(/more=show/)
    await expect(form.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('FPL')
    await expect(page.getByRole('alert')).toHaveCount(0)
    await form.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Open')
    await form.getByRole('textbox', { name: 'Defense Reserve', exact: true }).fill('20000')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/run=1/)
    const expected = await apiSearch(page.request, { status: 'Open', type: 'FPL', res_def: '20000' })
    await expect(page.getByRole('status').filter({ hasText: 'Total Records:' })).toHaveText(
      `Total Records: ${expected.count}`,
    )
    const rows = await tableRows(page)
    expect(rows).toEqual(expected.result.map((row) => row.clid))
  })

  test('a negative amount is refused by the server with the spec message', async ({ page }) => {
    const { clid, before } = await editorOfClaim(page, 5)
    await page.getByRole('textbox', { name: 'Defense Reserve' }).fill('-5')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Must be greater than or equal to 0')).toBeVisible()
    const after = await readClaim(page, clid)
    expect(after.version).toBe(before.version)
    expect(after.res_def).toBe(before.res_def)
    // Without JavaScript nothing re-checks the amounts as they are typed: Save stays usable, so the
    // corrected form can be sent.
    await page.getByRole('textbox', { name: 'Defense Reserve' }).fill('5')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Claim was saved.')).toBeVisible()
    expect((await readClaim(page, clid)).res_def).toBe('5.00')
  })

  test('Edit Claim opens a claim by its id; a bad id comes back marked at the field', async ({ page }) => {
    await login(page, 'claims')
    const clid = await openClaim(page.request, 6)
    const refused = await page.goto('/search/claims/editClaim?clid=12x')
    expect(refused?.status()).toBe(400)
    const id = page.getByRole('textbox', { name: 'Claim ID' })
    await expect(id).toHaveValue('12x')
    await expect(id).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Enter a claim ID: digits, from 1.')).toBeVisible()
    await id.fill(String(clid))
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page).toHaveURL(new RegExp(`/editClaim/${clid}$`))
  })
})

test.describe('claim editor', () => {
  test('edit, Zero, a negative amount blocks Save, Save logs the change', async ({ page }) => {
    const { clid, before } = await editorOfClaim(page, 1)
    await page.getByRole('textbox', { name: 'Claimant' }).fill('E2E Claimant Edited')
    await page.getByRole('textbox', { name: 'Monitor Current' }).fill('-1')
    await expect(page.getByText('Must be greater than or equal to 0')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Zero' })).toBeDisabled()
    await page.getByRole('textbox', { name: 'Monitor Current' }).fill(before.cur_mon)
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled()
    await page.getByRole('button', { name: 'Zero' }).click()
    for (const bucket of ['Monitor', 'Defense', 'Damages'])
      await expect(page.getByRole('cell', { name: `${bucket} Remaining` })).toHaveText('$0.00')
    await saveAndReload(page)
    await expect(page.getByRole('status').filter({ hasText: 'Claim was saved.' })).toBeVisible()
    const after = await readClaim(page, clid)
    expect(after.claimant).toBe('E2E Claimant Edited')
    const cents = (value: string) => Math.round(Number(value) * 100)
    expect(cents(after.res_def)).toBe(cents(before.defense) + cents(before.cur_def))
    const logs = await (await page.request.get(`/api/claims/${clid}/logs`)).json()
    expect(logs[0]).toMatchObject({ username: 'claims', action: 'update' })
    expect(logs[0].changes).toContainEqual({ field: 'claimant', before: before.claimant, after: 'E2E Claimant Edited' })
    await expect(page.getByRole('table', { name: 'Change log' })).toContainText('claimant')
  })

  test('two staff saving the same claim: the second is refused with the current claim, nothing overwritten', async ({
    page,
    browser,
  }) => {
    await login(page, 'claims')
    const clid = await openClaim(page.request, 2)
    const otherContext = await browser.newContext()
    const other = await otherContext.newPage()
    await login(other, 'admin')
    await page.goto(`/editClaim/${clid}`)
    await other.goto(`/editClaim/${clid}`)
    await page.getByRole('textbox', { name: 'Claimant' }).fill('First Save Wins')
    await saveAndReload(page)
    await expect(page.getByRole('status').filter({ hasText: 'Claim was saved.' })).toBeVisible()
    await other.getByRole('textbox', { name: 'Other Defendants' }).fill('Second Save')
    await other.getByRole('button', { name: 'Save' }).click()
    await expect(other.getByRole('alert')).toContainText('Your changes were not saved')
    await expect(other.getByRole('textbox', { name: 'Claimant' })).toHaveValue('First Save Wins')
    const now = await readClaim(page, clid)
    expect(now.claimant).toBe('First Save Wins')
    expect(now.othdef).not.toBe('Second Save')
    // The API refuses a stale version the same way.
    const stale = await page.request.put(`/api/claims/${clid}`, { data: { version: now.version - 1, claimant: 'API' } })
    expect(stale.status()).toBe(409)
    expect((await stale.json()).current.claimant).toBe('First Save Wins')
    await otherContext.close()
  })

  test('without claim-edit opening the editor signs the user out', async ({ page }) => {
    await login(page, 'claims')
    const clid = await openClaim(page.request, 3)
    await login(page, 'readonly')
    await page.goto(`/editClaim/${clid}`)
    await expect(page).toHaveURL(/\/login/)
    expect((await page.request.get('/api/me')).status()).toBe(401)
  })
})

test.describe('view and print', () => {
  test('the claim view prints on Letter pages without the app chrome', async ({ page }) => {
    await login(page, 'readonly')
    const found = await apiSearch(page.request, { status: 'Open' })
    const clid = found.result[0].clid
    await page.goto(`/viewClaim/${clid}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Claim ${clid}`)
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
    await expect(page.locator('.app-topbar')).toHaveCount(0)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    const pdf = await page.pdf({ format: 'Letter' })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length
    expect(pages).toBeGreaterThanOrEqual(1)
    expect(pages).toBeLessThanOrEqual(3)
  })
})

test.describe('firm Claims tab', () => {
  test('shows the claims and totals; Create makes a claim for the firm and opens it', async ({ page }) => {
    await login(page, 'claims')
    const found = await apiSearch(page.request, { status: 'Open' }, { checkedColumns: ['clid', 'fid'] })
    const fid = Number(found.result[0].fid)
    await page.goto(`/search/firms/firmsSearch?open=${fid}&firm=${fid}&tab=Claims`)
    const table = page.getByRole('table', { name: 'Firm claims' })
    await expect(table).toBeVisible()
    const totals = await (await page.request.get(`/api/firms/totals/${fid}`)).json()
    await expect(page.getByRole('table', { name: 'Claim totals' }).getByRole('row').last()).toContainText(
      String(totals.total.claims),
    )
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Create' }).click(),
    ])
    await popup.waitForURL(/\/editClaim\/\d+$/)
    const clid = Number(new URL(popup.url()).pathname.split('/').pop())
    const created = await readClaim(page, clid)
    expect(created.fid).toBe(fid)
    await page.reload()
    await expect(page.getByRole('table', { name: 'Firm claims' })).toContainText(String(clid))
  })
})

/** Claims that are not open (the other tests edit open ones), as the API's search finds them. */
async function closedClaims(request: APIRequestContext, whereColumns: Record<string, string>) {
  const found = await apiSearch(request, whereColumns, {
    checkedColumns: ['clid', 'status'],
    perPage: 100,
    sortDesc: false,
  })
  return found.result.filter((row) => row.status !== 'Open').map((row) => row.clid)
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the claim editor with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('an In Suit claim opens ticked; a save that changes nothing keeps it and writes nothing', async ({ page }) => {
      await login(page, 'claims')
      const clid = (await closedClaims(page.request, { insuit: 'yes' }))[javaScriptEnabled ? 0 : 1]
      const before = await readClaim(page, clid)
      expect(before.insuit).toBe('yes')
      await page.goto(`/editClaim/${clid}`)
      await expect(page.getByRole('checkbox', { name: 'In Suit' })).toBeChecked()
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Claim was saved.' })).toBeVisible()
      await expect(page.getByRole('checkbox', { name: 'In Suit' })).toBeChecked()
      const after = await readClaim(page, clid)
      expect({ insuit: after.insuit, version: after.version }).toEqual({ insuit: 'yes', version: before.version })
      // The printable view: Print opens the browser's dialog, which needs JavaScript; without it there is no dead button.
      await page.goto(`/viewClaim/${clid}`)
      await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(javaScriptEnabled ? 1 : 0)
    })
  })
}

test('another Claims Handler blanks the Claims Counsel (a person of the previous one), and the claim saves', async ({
  page,
}) => {
  await login(page, 'claims')
  let claim: { clid: number; adj_cid: number | null; adj_plid: number | null; version: number } | undefined
  for (const clid of await closedClaims(page.request, { insuit: 'no' })) {
    const candidate = await readClaim(page, clid)
    if (candidate.adj_plid) {
      claim = candidate
      break
    }
  }
  expect(claim, 'a claim with a claims counsel').toBeTruthy()
  await page.goto(`/editClaim/${claim!.clid}`)
  const handler = page.getByLabel('Claims Handler', { exact: true })
  const counsel = page.getByLabel('Claims Counsel', { exact: true })
  await expect(counsel).toHaveValue(String(claim!.adj_plid))
  const other = await handler
    .locator('option')
    .evaluateAll(
      (options, current) =>
        options.map((option) => (option as HTMLOptionElement).value).find((value) => value && value !== current),
      String(claim!.adj_cid),
    )
  await handler.selectOption(other!)
  await expect(counsel).toHaveValue('')
  await expect(counsel.locator('option', { hasText: String(claim!.adj_plid) })).toHaveCount(0)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Claim was saved.' })).toBeVisible()
  const after = await (await page.request.get(`/api/claims/${claim!.clid}`)).json()
  expect({ adj_cid: after.adj_cid, adj_plid: after.adj_plid }).toEqual({ adj_cid: Number(other), adj_plid: null })
})
