import { expect, login, signedInPage, test } from './fixtures'
import { makeFirmFile, makePerson, someFirm } from './factories'

const SEARCH = '/search/firms/firmsSearch'

test.describe('firms search and viewer', () => {
  test('unisearch, open a firm below, switch sub-tabs, close the last tab', async ({ page }) => {
    await login(page, 'underwriter', SEARCH)
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'To see firms, enter a fid OR unisearch (2-char min) then press return.' }),
    ).toBeVisible()
    await page.getByRole('textbox', { name: 'Unisearch' }).fill('smith')
    await page.getByRole('textbox', { name: 'Unisearch' }).press('Enter')
    await expect(page).toHaveURL(/mode=uni&.*q=smith/)
    const table = page.getByRole('table', { name: 'Firms' })
    await expect(table.getByRole('columnheader', { name: 'FID' })).toBeVisible()
    const firstFid = await table.getByRole('row').nth(1).getByRole('link').first().innerText()
    await table.getByRole('row').nth(1).getByRole('link').first().click()
    await expect(page).toHaveURL(new RegExp(`open=${firstFid}`))
    await expect(
      page.getByRole('button', { name: 'Edit Firm' }).or(page.getByRole('link', { name: 'Edit Firm' })),
    ).toBeVisible()
    await page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'Members' }).click()
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible()
    await expect(page).toHaveURL(/tab=Members/)
    await page
      .getByRole('navigation', { name: 'Open firms' })
      .getByRole('link', { name: /^Close / })
      .click()
    await expect(page.getByRole('navigation', { name: 'Open firms' })).toHaveCount(0)
    await expect(page).toHaveTitle('Firms')
  })

  test('column search messages: empty search, the 100-firm limit for non-admins, none for admins', async ({ page }) => {
    await login(page, 'underwriter', `${SEARCH}?mode=columns&col=sort`)
    await expect(page.getByRole('alert')).toHaveText('At least one search field must be filled to run a search.')
    await page.goto(`${SEARCH}?mode=columns&type=Law+Firm&col=sort`)
    await expect(page.getByRole('alert')).toHaveText('Reached 100 firm limit! Please narrow your search.')
    await expect(page.getByRole('table', { name: 'Firms' })).toHaveCount(0)
    await page.goto(`${SEARCH}?mode=columns&sort=zzzzqqq&col=sort`)
    await expect(page.getByRole('alert')).toContainText('No search results.')
    await expect(page.getByRole('alert')).toContainText('Search was too narrow.')
    await login(page, 'admin', `${SEARCH}?mode=columns&type=Law+Firm&col=city&col=sort&order=city,sort&size=200`)
    const headers = page.getByRole('table', { name: 'Firms' }).getByRole('columnheader')
    await expect(headers).toHaveText([/FID/, /City/, /Sort Name/])
    await expect(page.getByText(/^1–200 of \d+$/)).toBeVisible()
  })

  test('columns appear in the order checked', async ({ page }) => {
    await login(page, 'admin', SEARCH)
    // The search options open from Search Firms (spec 2 §2.1); the jobs list shows without them.
    await expect(page.getByRole('search', { name: 'Search firms by column' })).toHaveCount(0)
    await page.getByRole('link', { name: 'Search Firms' }).click()
    await expect(page).toHaveURL(/find=1/)
    const form = page.getByRole('search', { name: 'Search firms by column' })
    for (const name of ['Sort Name', 'Phone', 'State'])
      await form.getByRole('checkbox', { name: `Show ${name} column` }).uncheck()
    await form.getByRole('checkbox', { name: 'Show City column' }).check()
    await form.getByRole('checkbox', { name: 'Show Sort Name column' }).check()
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Denver')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('table', { name: 'Firms' }).getByRole('columnheader')).toHaveText([
      /FID/,
      /City/,
      /Sort Name/,
    ])
  })

  test('Get by FID opens the firm; Edit Firm in a dialog saves with the spec message', async ({ page }) => {
    await login(page, 'underwriter', SEARCH)
    await page.getByRole('textbox', { name: 'Get by FID' }).fill('1011')
    await page.getByRole('textbox', { name: 'Get by FID' }).press('Enter')
    await expect(page).toHaveURL(/open=1011&firm=1011/)
    await page.getByRole('link', { name: 'Edit Firm' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Firm' })
    await dialog.getByRole('textbox', { name: 'City' }).fill('Dialogtown')
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('3035551234')
    await expect(dialog.getByRole('textbox', { name: 'Phone' })).toHaveValue('(303) 555-1234')
    await dialog.getByRole('button', { name: 'Save Firm' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Firm changes saved.' })).toBeVisible()
    await expect(page.getByText('Dialogtown')).toBeVisible()
    const api = await page.request.get('/api/firms/1011')
    expect((await api.json()).phone).toBe('3035551234')
  })

  test('Edit Firm asks for the required fields with the spec text', async ({ page }) => {
    await login(page, 'admin', '/editFirm/1012')
    await page.getByRole('textbox', { name: 'Sort' }).fill('')
    await page.getByRole('textbox', { name: 'Sort' }).blur()
    await expect(
      page.getByText(
        'Please be sure the Firm Type, Firm Status, Sort, Legal Name (insured), and Producer fields are filled.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save Firm' })).toBeDisabled()
  })

  test('two stale saves of one firm: the second gets a conflict and the current values', async ({ browser }) => {
    const first = await signedInPage(browser, 'admin')
    const second = await signedInPage(browser, 'underwriter')
    await first.goto('/editFirm/1013')
    await second.goto('/editFirm/1013')
    await first.getByRole('textbox', { name: 'City' }).fill('Winner City')
    await first.getByRole('button', { name: 'Save Firm' }).click()
    await expect(first.getByRole('status').filter({ hasText: 'Firm changes saved.' })).toBeVisible()
    await second.getByRole('textbox', { name: 'City' }).fill('Loser City')
    await second.getByRole('button', { name: 'Save Firm' }).click()
    await expect(second.getByRole('alert').filter({ hasText: 'Someone else saved this record' })).toBeVisible()
    await expect(second.getByRole('textbox', { name: 'City' })).toHaveValue('Winner City')
  })

  test('read-only users see Info without Edit Firm and cannot open /editFirm', async ({ page }) => {
    await login(page, 'readonly', `${SEARCH}?open=1001&firm=1001&tab=Info`)
    await expect(page.getByRole('heading', { name: 'Firm Note' }).or(page.getByText('Firm Note'))).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit Firm' })).toHaveCount(0)
    await page.goto(`${SEARCH}?open=1001&firm=1001&tab=Members`)
    await expect(page.getByRole('button', { name: 'Create Member' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Delete / })).toHaveCount(0)
    const response = await page.request.get('/editFirm/1001', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
  })
})

test.describe("what a URL asks for that is not there, or not the user's", () => {
  test('a page past the end shows the last page and says which; a capped unisearch says 100+', async ({ page }) => {
    await login(page, 'admin', `${SEARCH}?mode=columns&type=Law+Firm&col=sort`)
    const total = Number((await page.getByText(/^1–100 of \d+$/).textContent())!.split(' of ')[1])
    expect(total).toBeGreaterThan(100)
    const last = Math.ceil(total / 100)
    await page.goto(`${SEARCH}?mode=columns&type=Law+Firm&col=sort&page=999`)
    await expect(page.getByText(`${(last - 1) * 100 + 1}–${total} of ${total}`, { exact: true })).toBeVisible()
    // A non-admin's unisearch stops at the first 100 firms: there may be more.
    await login(page, 'underwriter', `${SEARCH}?mode=uni&q=an`)
    await expect(page.getByRole('alert')).toHaveText('Reached 100 firm limit! Please narrow your search.')
    await expect(page.getByText('1–100 of 100+', { exact: true })).toBeVisible()
  })

  test('a firm id that is not there says so; panels a user may not use do not open from a typed URL', async ({
    page,
  }) => {
    await login(page, 'admin')
    const { fid } = await someFirm(page.request)
    const member = await makePerson(page.request, fid, { surname: 'Typedurl' })
    await login(page, 'underwriter', `${SEARCH}?open=999999&firm=999999&tab=Info`)
    await expect(
      page.getByRole('alert').filter({ hasText: 'An error occurred while trying to retrieve the firm.' }),
    ).toHaveText(
      'An error occurred while trying to retrieve the firm. If the problem persists please notify the development team with a detailed description of the error.',
    )
    await page.goto(`${SEARCH}?open=${fid}&firm=${fid}&tab=Members&deleteMember=${member.plid}`)
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible()
    await expect(page.getByText('Deleting a member is permanent.')).toHaveCount(0)
    // Next Job needs the right to edit notes, in the Notes tab as in the jobs panel.
    await login(page, 'readonly', `${SEARCH}?open=${fid}&firm=${fid}&tab=Notes`)
    await expect(page.getByRole('table', { name: 'Notes' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next Job' })).toHaveCount(0)
  })
})

test.describe('firm popup, members and people', () => {
  test('the popup route opens a tab segment; an admin creates and deletes a member after the warning', async ({
    page,
  }) => {
    await login(page, 'admin', '/viewFirmNoNote/1020/Members')
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible()
    await page.getByRole('button', { name: 'Create Member' }).click()
    await expect(page).toHaveURL(/\/editPerson\/\d+$/)
    await page.getByRole('textbox', { name: 'Surname' }).fill('Temporary')
    await page.getByRole('textbox', { name: 'Born' }).fill('13-45-2000')
    // Save waits for a valid form (spec 2 §5), and says what is in the way.
    await expect(page.getByRole('button', { name: 'Save Person' })).toBeDisabled()
    await expect(page.getByText('Only valid MM-DD-YYYY')).toBeVisible()
    await page.getByRole('textbox', { name: 'Born' }).fill('01-02-1980')
    await page.getByRole('textbox', { name: 'SSN' }).fill('123456789')
    await expect(page.getByRole('textbox', { name: 'SSN' })).toHaveValue('123-45-6789')
    await page.getByRole('button', { name: 'Save Person' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Person was saved' })).toBeVisible()
    await page.goto('/viewFirmNoNote/1020/Members')
    await page
      .getByRole('link', { name: 'Delete New Person' })
      .or(page.getByRole('link', { name: 'Delete Temporary' }))
      .first()
      .click()
    await expect(page.getByText('Deleting a member is permanent. There is no recovery.')).toBeVisible()
    await page.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Member deleted' })).toBeVisible()
  })

  test('the members search is a bookmarkable GET form that keeps what was searched', async ({ page }) => {
    await login(page, 'admin')
    const { fid } = await someFirm(page.request)
    const person = await makePerson(page.request, fid)
    const surname = ((await (await page.request.get(`/api/people/${person.plid}`)).json()) as { surname: string })
      .surname
    await page.goto(`/viewFirmNoNote/${fid}/Members`)
    const search = page.getByRole('search', { name: 'Search members' }).getByRole('textbox', { name: 'Search members' })
    await search.fill(surname)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`mq=${surname}`))
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(surname)
    await expect(
      page.getByRole('search', { name: 'Search members' }).getByRole('textbox', { name: 'Search members' }),
    ).toHaveValue(surname)
    // The surname sort is a switch that is a link: its state is in the URL, and the search stays.
    const bySurname = page.getByRole('switch', { name: 'Sort by surname' })
    await expect(bySurname).toHaveAttribute('aria-checked', 'false')
    await bySurname.click()
    await expect(page).toHaveURL(/msurname=1/)
    await expect(page.getByRole('switch', { name: 'Sort by surname' })).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('table', { name: 'Members' })).toContainText(surname)
    // A switch answers Space too; the search stays through the sort.
    await page.getByRole('switch', { name: 'Sort by surname' }).press(' ')
    await expect(page.getByRole('switch', { name: 'Sort by surname' })).toHaveAttribute('aria-checked', 'false')
    await expect(page).not.toHaveURL(/msurname=1/)
    await expect(page).toHaveURL(new RegExp(`mq=${surname}`))
  })

  test('without person-edit the person is read-only with the SSN masked', async ({ page }) => {
    await login(page, 'readonly', '/editPerson/20001')
    await expect(page.getByRole('button', { name: 'View Person' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save Person' })).toHaveCount(0)
    const ssn = await page.getByRole('textbox', { name: 'SSN' }).inputValue()
    expect(ssn === '' || ssn.startsWith('***-**-')).toBe(true)
  })
})

test.describe('files', () => {
  test('from the keyboard: Upload opens its panel with focus in it, Escape closes it and focus is back', async ({
    page,
  }) => {
    await login(page, 'admin', '/viewFirmNoNote/1030/Files')
    const upload = page.getByRole('link', { name: 'Upload', exact: true })
    await upload.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: 'Enter Description/s' })
    await expect(panel).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(page).not.toHaveURL(/upload=1/)
    await expect(upload).toBeFocused()
  })

  test('upload needs a description and an extension; download streams the file', async ({ page }) => {
    await login(page, 'admin', '/viewFirmNoNote/1030/Files?upload=1')
    await expect(page.getByRole('heading', { name: 'Enter Description/s' })).toBeVisible()
    await page
      .getByLabel('File 1')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('firm notes') })
    await page.getByRole('button', { name: 'Upload', exact: true }).last().click()
    await expect(page.getByRole('heading', { name: 'Need Description/s' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Description is required to upload a file.' })).toBeVisible()
    // A click before hydration posts the form to the server, which answers the same and clears the file.
    await page
      .getByLabel('File 1')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('firm notes') })
    await page.getByLabel('Description 1').fill('Meeting notes')
    await page.getByRole('button', { name: 'Upload', exact: true }).last().click()
    await expect(page.getByRole('status').filter({ hasText: 'File uploaded.' })).toBeVisible()
    const link = page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'notes.txt', exact: true })
    const href = await link.getAttribute('href')
    const download = await page.request.get(href!)
    expect(download.headers()['content-disposition']).toContain('attachment; filename="notes.txt"')
    expect(await download.text()).toBe('firm notes')
  })
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`file edit with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('a blank description is marked at its field; a new one saves', async ({ page }) => {
      await login(page, 'admin')
      const { fid } = await someFirm(page.request)
      const { loidfid } = await makeFirmFile(page.request, fid)
      await page.goto(`/viewFirmNoNote/${fid}/Files?editFile=${loidfid}`)
      const panel = page.getByRole('dialog', { name: /^Edit factory/i })
      const description = panel.getByRole('textbox', { name: 'Description' })
      await description.fill('')
      await panel.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByRole('alert').filter({ hasText: /^Required$/ })).toBeVisible()
      const refused = page.getByRole('dialog', { name: /^Edit factory/i }).getByRole('textbox', { name: 'Description' })
      await expect(refused).toHaveAttribute('aria-invalid', 'true')
      await expect(refused).toHaveAccessibleDescription('Required')
      await refused.fill('Renamed in the Files tab')
      await page
        .getByRole('dialog', { name: /^Edit factory/i })
        .getByRole('button', { name: 'Save' })
        .click()
      await expect(page.getByRole('status').filter({ hasText: 'File saved.' })).toBeVisible()
      await expect(page.getByRole('table', { name: 'Files' })).toContainText('Renamed in the Files tab')
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a unisearch and a firm edit work with plain forms', async ({ page }) => {
    await login(page, 'underwriter', SEARCH)
    await page.getByRole('textbox', { name: 'Unisearch' }).fill('law')
    await page.getByRole('textbox', { name: 'Unisearch' }).press('Enter')
    await expect(page).toHaveURL(/q=law/)
    await expect(page.getByRole('table', { name: 'Firms' })).toBeVisible()
    await page.goto('/editFirm/1014')
    await page.getByRole('textbox', { name: 'City' }).fill('Noscript City')
    await page.getByRole('textbox', { name: 'Fax' }).fill('(720) 555-0000')
    await page.getByRole('button', { name: 'Save Firm' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Firm changes saved.' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Noscript City')
    await expect(page.getByRole('textbox', { name: 'Fax' })).toHaveValue('(720) 555-0000')
  })

  test('a column search works as a plain GET form', async ({ page }) => {
    await login(page, 'admin', `${SEARCH}?find=1`)
    const form = page.getByRole('search', { name: 'Search firms by column' })
    await form.getByRole('checkbox', { name: 'Show City column' }).check()
    await form.getByRole('textbox', { name: 'City', exact: true }).fill('Denver')
    await form.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/mode=columns.*city=Denver/)
    await expect(page.getByRole('table', { name: 'Firms' }).getByRole('columnheader')).toHaveText([
      /FID/,
      /Sort Name/,
      /Phone/,
      /State/,
      /City/,
    ])
    await expect(
      page.getByRole('search', { name: 'Search firms by column' }).getByRole('textbox', { name: 'City', exact: true }),
    ).toHaveValue('Denver')
  })

  test('a file upload without a description is refused by the server, then uploads', async ({ page }) => {
    await login(page, 'admin', '/viewFirmNoNote/1031/Files?upload=1')
    const file = { name: 'plain-form.txt', mimeType: 'text/plain', buffer: Buffer.from('no script upload') }
    await page.getByLabel('File 1').setInputFiles(file)
    await page.getByLabel('Type 1').selectOption('Original')
    await page.getByRole('button', { name: 'Upload', exact: true }).last().click()
    await expect(page.getByRole('heading', { name: 'Need Description/s' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Description is required to upload a file.' })).toBeVisible()
    // What was typed comes back (the file itself has to be chosen again: a browser never sends it back).
    await expect(page.getByLabel('Type 1')).toHaveValue('Original')
    await page.getByLabel('File 1').setInputFiles(file)
    await page.getByLabel('Description 1').fill('Typed without JS')
    await page.getByRole('button', { name: 'Upload', exact: true }).last().click()
    await expect(page.getByRole('status').filter({ hasText: 'File uploaded.' })).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'plain-form.txt', exact: true }),
    ).toBeVisible()
  })
})
