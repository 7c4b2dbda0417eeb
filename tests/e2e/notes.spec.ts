import type { APIRequestContext, Page } from '@playwright/test'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { expect as baseExpect, login, signedInPage, test } from './fixtures'

// Saves redirect and reload the page: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 60_000 })

/**
 * The firm's Notes tab (spec 2 §2.4, §4–6, §8), /viewFirmNote/{nid} and the notes API. Each test makes
 * its own notes (through POST /api/notes) on firms no other spec uses, so tests run in parallel.
 */

const SEARCH = '/search/firms/firmsSearch'
const STAFF_PASSWORD = 'staff-demo-1'
/** The tab in the main view (firms search page) and in the firm popup: the same component. */
const mainTab = (fid: number, extra = '') => `${SEARCH}?open=${fid}&firm=${fid}&tab=Notes${extra}`
const notesTab = (fid: number, extra = '') =>
  `/viewFirmNoNote/${fid}/Notes${extra ? `?${extra.replace(/^&/, '')}` : ''}`
const modeLink = (page: Page, mode: string) =>
  page.getByRole('navigation', { name: 'Note views' }).getByRole('link', { name: mode, exact: true })

async function loginStaff(page: Page, username: string) {
  const response = await page.request.post('/login', {
    form: { username, password: STAFF_PASSWORD, redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(response.status(), `sign-in of ${username}`).toBe(302)
}

interface ApiNote {
  nid: number
  version: number
  re: string | null
  type: string
  status: string
  staff: string | null
  tasks: string | null
}

async function newNote(
  request: APIRequestContext,
  fid: number,
  changes: Record<string, unknown> = {},
): Promise<ApiNote> {
  const created = await request.post('/api/notes', { data: { fid } })
  expect(created.status()).toBe(201)
  const note = (await created.json()) as ApiNote
  if (Object.keys(changes).length === 0) return note
  const saved = await request.put(`/api/notes/${note.nid}`, { data: { version: note.version, ...changes } })
  expect(saved.status(), await saved.text()).toBe(200)
  return (await saved.json()) as ApiNote
}

async function getNote(request: APIRequestContext, nid: number): Promise<ApiNote> {
  const response = await request.get(`/api/notes/${nid}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as ApiNote
}

const notesTable = (page: Page) => page.getByRole('table', { name: 'Notes' })
const noteRow = (page: Page, nid: number) =>
  notesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(nid), exact: true }) })
const snackbar = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test.describe('Notes tab', () => {
  test('create opens the new note in the editor popup and the list shows it', async ({ page }) => {
    await login(page, 'underwriter')
    await page.goto(mainTab(1101))
    await expect(page.getByRole('button', { name: 'Next Job' }).last()).toBeVisible()
    await expect(modeLink(page, 'All')).toHaveAttribute('aria-current', 'page')
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Create Note' }).click()
    const popup = await popupOpened
    await expect(popup).toHaveURL(/\/editNoteEmail\/\d+$/)
    const nid = Number(/(\d+)$/.exec(popup.url())![1])
    await expect(noteRow(page, nid)).toContainText('NEW NOTE')
    await expect(noteRow(page, nid)).toContainText('memo')
    await expect(noteRow(page, nid)).toContainText('normal')
    const note = await getNote(page.request, nid)
    expect(note).toMatchObject({ type: 'memo', re: 'NEW NOTE', status: 'normal', staff: 'underwriter' })
  })

  test('copy makes a memo "Copy of:" with status normal', async ({ page }) => {
    await login(page, 'underwriter')
    const source = await newNote(page.request, 1102, { re: 'Quote request', type: 'email out', status: 'urgent' })
    await page.goto(notesTab(1102))
    await expect(noteRow(page, source.nid).getByRole('cell').nth(3)).toHaveText('urgent')
    await page.getByRole('button', { name: `Copy note ${source.nid}` }).click()
    await expect(snackbar(page, `Note ${source.nid} copied as note`)).toBeVisible()
    const copyNid = Number(new URL(page.url()).searchParams.get('nid'))
    expect(copyNid).toBeGreaterThan(source.nid)
    const row = noteRow(page, copyNid)
    await expect(row).toContainText('Copy of: Quote request')
    await expect(row.getByRole('cell').nth(2)).toHaveText('memo')
    await expect(row.getByRole('cell').nth(3)).toHaveText('normal')
    // The copy is expanded: its task log says where it came from.
    await expect(page.getByRole('region', { name: `Note ${copyNid}` })).toContainText(`copied from note ${source.nid}`)
  })

  test('inline edit saves with the snackbar; the status colour follows', async ({ page }) => {
    await login(page, 'underwriter')
    const note = await newNote(page.request, 1103)
    await page.goto(notesTab(1103))
    await page.getByRole('link', { name: `Edit note ${note.nid}` }).click()
    const form = page.getByRole('form', { name: `Edit note ${note.nid}` })
    await form.getByRole('combobox', { name: 'Status' }).selectOption('xtreme')
    await form.getByRole('textbox', { name: 'Re' }).fill('Inline edited')
    await form.getByRole('combobox', { name: 'Type' }).selectOption('tel out')
    // Non-admins are not offered the incoming types.
    await expect(form.getByRole('combobox', { name: 'Type' }).locator('option', { hasText: 'email in' })).toHaveCount(0)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'The note change was saved.')).toBeVisible()
    await expect(form).toHaveCount(0)
    const row = noteRow(page, note.nid)
    await expect(row).toContainText('Inline edited')
    const status = row.getByRole('cell').nth(3).locator('span')
    await expect(status).toHaveText('xtreme')
    await expect(status).toHaveCSS('color', /rgb\((2[0-9]{2}), \d+, \d+\)/)
    expect(await getNote(page.request, note.nid)).toMatchObject({
      status: 'xtreme',
      re: 'Inline edited',
      type: 'tel out',
    })
    // tel out is not date-editable: the date field is disabled now.
    await page.getByRole('link', { name: `Edit note ${note.nid}` }).click()
    await expect(page.getByRole('form', { name: `Edit note ${note.nid}` }).getByLabel('Date')).toBeDisabled()
  })

  test('refusals: a closed note, an incoming note, and someone else’s note ("(owner) has this note")', async ({
    page,
    browser,
  }) => {
    await login(page, 'underwriter')
    const closed = await newNote(page.request, 1104, { status: 'done', re: 'Finished' })

    const mkentPage = await browser.newPage()
    await loginStaff(mkentPage, 'mkent')
    const theirs = await newNote(mkentPage.request, 1104, { re: 'Margaret’s note' })
    await mkentPage.close()

    const adminPage = await signedInPage(browser, 'admin')
    const incoming = await newNote(adminPage.request, 1104, {
      type: 'email in',
      re: 'Incoming mail',
      staff: 'underwriter',
    })
    await adminPage.close()

    await page.goto(notesTab(1104))
    await page.getByRole('link', { name: `Edit note ${closed.nid}` }).click()
    await expect(page.getByRole('alertdialog')).toContainText(NOTE_MESSAGES.closedRefused)
    await expect(page.getByRole('form', { name: `Edit note ${closed.nid}` })).toHaveCount(0)

    await page.getByRole('link', { name: `Edit note ${incoming.nid}` }).click()
    await expect(page.getByRole('alertdialog')).toContainText(NOTE_MESSAGES.incomingRefused)

    await page.getByRole('link', { name: `Edit note ${theirs.nid}` }).click()
    const taken = page.getByRole('alertdialog', { name: 'Note Taken' })
    await expect(taken).toContainText('mkent has this note')
    await expect(taken.getByRole('button', { name: 'Take note' })).toHaveCount(0)
    await taken.getByRole('link', { name: 'Close' }).click()
    await expect(taken).toHaveCount(0)

    // The server refuses the same edits posted directly.
    const refused = await page.request.put(`/api/notes/${theirs.nid}`, {
      data: { version: theirs.version, re: 'Mine now' },
    })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).message).toBe('mkent has this note')
  })

  test('an admin takes a note over after "Take note from (owner)?", then edits it', async ({ page, browser }) => {
    const mkentPage = await browser.newPage()
    await loginStaff(mkentPage, 'mkent')
    const theirs = await newNote(mkentPage.request, 1105, { re: 'To be taken' })
    await mkentPage.close()

    await login(page, 'admin')
    await page.goto(notesTab(1105))
    await page.getByRole('link', { name: `Edit note ${theirs.nid}` }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Note Taken' })
    await expect(dialog).toContainText('mkent has this note')
    await expect(dialog).toContainText('Take note from mkent?')
    await dialog.getByRole('button', { name: 'Take note' }).click()
    await expect(snackbar(page, `You took note ${theirs.nid} from mkent.`)).toBeVisible()
    const form = page.getByRole('form', { name: `Edit note ${theirs.nid}` })
    await expect(form.getByRole('combobox', { name: 'For' })).toHaveValue('admin')
    // Admins may pick any type, incoming ones included.
    await expect(form.getByRole('combobox', { name: 'Type' }).locator('option', { hasText: 'email in' })).toHaveCount(1)
    await form.getByRole('textbox', { name: 'Re' }).fill('Taken and edited')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'The note change was saved.')).toBeVisible()
    const note = await getNote(page.request, theirs.nid)
    expect(note).toMatchObject({ staff: 'admin', re: 'Taken and edited' })
    expect(note.tasks).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d admin: took from mkent$/m)
    await expect(page.getByRole('region', { name: `Note ${theirs.nid}` })).toContainText('admin: took from mkent')
  })

  test('delete is for admins only, after the permanent-delete warning', async ({ page, browser }) => {
    const other = await signedInPage(browser, 'underwriter')
    const note = await newNote(other.request, 1106, { re: 'Delete me' })
    await other.goto(notesTab(1106))
    await expect(noteRow(other, note.nid)).toBeVisible()
    await expect(other.getByRole('link', { name: /^Delete note / })).toHaveCount(0)
    const refused = await other.request.delete(`/api/notes/${note.nid}`)
    expect(refused.status()).toBe(403)
    expect((await refused.json()).message).toBe(NOTE_MESSAGES.deleteAdminOnly)
    await other.close()

    await login(page, 'admin')
    await page.goto(notesTab(1106))
    await expect(page.getByRole('link', { name: `Delete note ${note.nid}` })).toHaveCSS('color', 'rgb(201, 42, 42)')
    await page.getByRole('link', { name: `Delete note ${note.nid}` }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete note ${note.nid}?` })
    await expect(confirm).toContainText('Deleting this note is permanent. It cannot be recovered.')
    await confirm.getByRole('button', { name: 'Delete permanently' }).click()
    await expect(snackbar(page, `Note ${note.nid} deleted.`)).toBeVisible()
    await expect(noteRow(page, note.nid)).toHaveCount(0)
    const gone = await page.request.get(`/api/notes/${note.nid}`)
    expect(gone.status()).toBe(404)
    expect((await gone.json()).message).toBe(NOTE_MESSAGES.loadFailed)
  })

  test('the tran log dialog lists a sent email’s rows', async ({ page }) => {
    await login(page, 'underwriter')
    // An email-out note of its own, sent through the API (to the run's SMTP sink): its log has one row.
    const sent = await newNote(page.request, 1101, { type: 'email out', re: 'Tran log test' })
    const send = await page.request.post(`/api/emails/${sent.nid}`, {
      data: {
        username: 'underwriter',
        subject: `Tran log ${sent.nid}`,
        body: 'Dear client,\nHello.',
        html: false,
        attach: false,
        fid: 1101,
        to: ['tranlog.test@client.example'],
      },
    })
    expect(send.status(), await send.text()).toBe(200)
    await page.goto(notesTab(1101, `nid=${sent.nid}`))
    await page.getByRole('link', { name: `Tran log of note ${sent.nid}` }).click()
    const dialog = page.getByRole('dialog', { name: `Tran Log · note ${sent.nid}` })
    const table = dialog.getByRole('table', { name: 'Tran log' })
    await expect(table.getByRole('columnheader')).toHaveText(['Type', 'Status', 'Queued', 'Sent', 'Note'])
    await expect(table.getByRole('row').nth(1)).toContainText('email')
    await expect(table.getByRole('row').nth(1)).toContainText('sent')
    await expect(table.getByRole('row').nth(1)).toContainText('To:')
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
  })

  test('an HTML body is shown expanded without scripts, handlers, javascript: links, styles, SVG or frames', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    const hostile =
      '<p onclick="alert(1)">Dear client <b>bold</b></p><script>alert(2)</script><img src=x onerror="alert(3)">' +
      '<a href="javascript:alert(4)">link</a><style>body{display:none}</style><svg onload="alert(5)"><circle r="5"/></svg>' +
      '<iframe src="javascript:alert(6)"></iframe><a href="https://example.com/ok">safe</a>'
    const note = await newNote(page.request, 1113, { html: true, note: hostile, re: 'Hostile body' })
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    await page.goto(notesTab(1113, `nid=${note.nid}`))
    const region = page.getByRole('region', { name: `Note ${note.nid}` })
    await expect(region.locator('b')).toHaveText('bold')
    await expect(region.locator('script, style, svg, iframe, img, [onclick], [onerror], [onload]')).toHaveCount(0)
    await expect(region.locator('a[href^="javascript"]')).toHaveCount(0)
    await expect(region.getByRole('link', { name: 'safe' })).toHaveAttribute('href', 'https://example.com/ok')
    await region.getByText('Dear client').click()
    expect(dialogs).toBe(0)
    expect((await getNote(page.request, note.nid)) as unknown as { note: string }).toMatchObject({
      note: expect.not.stringContaining('<script'),
    })
  })

  test('modes, search, sorting and expandable rows', async ({ page }) => {
    await login(page, 'underwriter')
    const open = await newNote(page.request, 1107, { re: 'Open zebra note', status: 'hold' })
    const done = await newNote(page.request, 1107, { re: 'Done zebra note', status: 'done' })
    await page.goto(mainTab(1107))
    await expect(noteRow(page, done.nid)).toBeVisible()
    await modeLink(page, 'Active').click()
    await expect(noteRow(page, done.nid)).toHaveCount(0)
    await expect(noteRow(page, open.nid)).toBeVisible()
    await modeLink(page, 'Status').click()
    await page.getByRole('form', { name: 'Note status' }).getByRole('combobox', { name: 'Status' }).selectOption('done')
    await expect(noteRow(page, done.nid)).toBeVisible()
    await expect(noteRow(page, open.nid)).toHaveCount(0)
    await modeLink(page, 'All').click()
    await expect(modeLink(page, 'All')).toHaveAttribute('aria-current', 'page')
    await page.getByRole('textbox', { name: 'Search notes' }).fill('zebra')
    await page.getByRole('textbox', { name: 'Search notes' }).press('Enter')
    await expect(page).toHaveURL(/nq=zebra/)
    await expect(notesTable(page).getByRole('row')).toHaveCount(3)
    // Each click is waited for by the header's aria-sort: the default order may already show the same first row.
    const reHeader = notesTable(page).getByRole('columnheader', { name: /^Re/ })
    await reHeader.getByRole('link').click()
    await expect(reHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(notesTable(page).getByRole('row').nth(1)).toContainText('Done zebra note')
    await reHeader.getByRole('link').click()
    await expect(reHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(notesTable(page).getByRole('row').nth(1)).toContainText('Open zebra note')
    // A click on the row expands it; the toggle collapses it.
    await noteRow(page, open.nid).getByRole('cell').nth(4).click()
    await expect(page.getByRole('region', { name: `Note ${open.nid}` })).toContainText('underwriter: created')
    await page.getByRole('link', { name: `Collapse note ${open.nid}` }).click()
    await expect(page.getByRole('region', { name: `Note ${open.nid}` })).toHaveCount(0)
  })

  test("another firm tab opens on Info without the previous firm's notes search, mode or page", async ({ page }) => {
    await login(page, 'underwriter')
    await page.goto(`${SEARCH}?open=1107,1108&firm=1107&tab=Notes&nmode=All&nq=zebra&npage=1`)
    await expect(page.getByRole('textbox', { name: 'Search notes' })).toHaveValue('zebra')
    await page
      .getByRole('navigation', { name: 'Open firms' })
      .getByRole('link', { name: /\(FID 1108\)$/ })
      .click()
    await expect(page).toHaveURL(/firm=1108/)
    expect(new URL(page.url()).searchParams.get('tab')).toBe('Info')
    for (const key of ['nmode', 'nq', 'npage']) expect(new URL(page.url()).searchParams.has(key), key).toBe(false)
  })

  test('Next Job in the main view takes a job and opens its firm below on Notes, Active, with the job expanded', async ({
    page,
  }) => {
    await login(page, 'claims')
    await page.goto(mainTab(1112, '&nmode=All&nq=nothing-matches'))
    await page.getByRole('button', { name: 'Next Job' }).last().click()
    await expect(page).toHaveURL(/[?&]nid=\d+/)
    const params = new URL(page.url()).searchParams
    const nid = Number(params.get('nid'))
    expect([params.get('tab'), params.get('nmode'), params.get('nq')]).toEqual(['Notes', 'Active', null])
    await expect(modeLink(page, 'Active')).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('region', { name: `Note ${nid}` })).toBeVisible()
    expect((await getNote(page.request, nid)).staff).toBe('claims')
  })

  test('/viewFirmNote/{nid} opens the firm popup on Notes, Active, with the note expanded; unknown notes are 404', async ({
    page,
  }) => {
    await login(page, 'underwriter')
    const note = await newNote(page.request, 1108, { re: 'From a job', status: 'urgent' })
    await newNote(page.request, 1108, { re: 'Closed one', status: 'done' })
    await page.goto(`/viewFirmNote/${note.nid}`)
    await expect(
      page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'Notes' }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(modeLink(page, 'Active')).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('region', { name: `Note ${note.nid}` })).toBeVisible()
    await expect(notesTable(page)).not.toContainText('Closed one')
    await expect(page.getByRole('button', { name: 'Next Job' })).toHaveCount(0)
    const missing = await page.goto('/viewFirmNote/2147480000')
    expect(missing?.status()).toBe(404)
    await expect(page.getByText(NOTE_MESSAGES.loadFailed)).toBeVisible()
  })

  test('two staff on one note: the later save gets the conflict message and overwrites nothing', async ({
    browser,
  }) => {
    const first = await signedInPage(browser, 'underwriter')
    const second = await signedInPage(browser, 'admin')
    const note = await newNote(first.request, 1109, { re: 'Shared note' })
    await first.goto(notesTab(1109, `&nedit=${note.nid}`))
    const form = first.getByRole('form', { name: `Edit note ${note.nid}` })
    await form.getByRole('textbox', { name: 'Re' }).fill('Underwriter version')

    await second.goto(notesTab(1109, `&nedit=${note.nid}`))
    await second.getByRole('button', { name: 'Take note' }).click()
    const adminForm = second.getByRole('form', { name: `Edit note ${note.nid}` })
    await adminForm.getByRole('textbox', { name: 'Re' }).fill('Admin version')
    await adminForm.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(second, 'The note change was saved.')).toBeVisible()

    await form.getByRole('button', { name: 'Save' }).click()
    const alert = first.getByRole('alert').filter({ hasText: NOTE_MESSAGES.conflict })
    await expect(alert).toBeVisible()
    // The note as it is now: the admin's text, in the admin's name (so no longer editable here).
    await expect(alert).toContainText('for admin')
    await expect(alert).toContainText('Admin version')
    await expect(first.getByRole('alertdialog', { name: 'Note Taken' })).toContainText('admin has this note')
    expect(await getNote(first.request, note.nid)).toMatchObject({ re: 'Admin version', staff: 'admin' })
  })
})

test.describe('Notes tab without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('create lands in the editor; inline edit and copy work as plain forms', async ({ page }) => {
    await login(page, 'underwriter')
    await page.goto(notesTab(1110))
    await page.getByRole('button', { name: 'Create Note' }).click()
    await expect(page).toHaveURL(/\/editNoteEmail\/\d+$/)
    const nid = Number(/(\d+)$/.exec(page.url())![1])

    await page.goto(notesTab(1110))
    await page.getByRole('link', { name: `Edit note ${nid}` }).click()
    await expect(page).toHaveURL(new RegExp(`nedit=${nid}`))
    const form = page.getByRole('form', { name: `Edit note ${nid}` })
    await form.getByRole('textbox', { name: 'Re' }).fill('No script edit')
    await form.getByRole('combobox', { name: 'Status' }).selectOption('urgent')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(snackbar(page, 'The note change was saved.')).toBeVisible()
    await expect(page).not.toHaveURL(/nedit=/)
    await expect(noteRow(page, nid)).toContainText('No script edit')
    await expect(noteRow(page, nid).getByRole('cell').nth(3)).toHaveText('urgent')

    await page.getByRole('button', { name: `Copy note ${nid}` }).click()
    await expect(snackbar(page, `Note ${nid} copied as note`)).toBeVisible()
    const copyNid = Number(new URL(page.url()).searchParams.get('nid'))
    await expect(noteRow(page, copyNid)).toContainText('Copy of: No script edit')
    await expect(noteRow(page, copyNid).getByRole('cell').nth(3)).toHaveText('normal')

    // The tran log and the expanded row are links too.
    await page.getByRole('link', { name: `Tran log of note ${copyNid}` }).click()
    await expect(page.getByRole('dialog', { name: `Tran Log · note ${copyNid}` })).toContainText(
      'Nothing was sent from this note.',
    )
    await page.getByRole('link', { name: `Expand note ${nid}` }).click()
    await expect(page.getByRole('region', { name: `Note ${nid}` })).toContainText('underwriter: status urgent')
  })
})

test.describe('notes API', () => {
  test('search, get, put with versions, create and copy, with 4xx messages for bad input', async ({ page }) => {
    await login(page, 'underwriter')
    const note = await newNote(page.request, 1111, { re: 'API note', type: 'tel in' })
    const search = await page.request.post('/api/notes/search', {
      data: {
        page: 1,
        perPage: 1000,
        searchcolumn: 'nid',
        sortorder: 'DESC',
        whereObjects: { fid: 1111, type: ['tel in'], status: ['Active'] },
      },
    })
    expect(search.status()).toBe(200)
    const body = (await search.json()) as { result: ApiNote[]; count: number }
    expect(body.result[0].nid).toBe(note.nid)
    expect(body.result.every((n) => n.type === 'tel in' && n.status !== 'done' && n.status !== 'cancel')).toBe(true)
    expect(body.count).toBe(body.result.length)

    const tooMany = await page.request.post('/api/notes/search', {
      data: { perPage: 5000, whereObjects: { fid: 1111 } },
    })
    expect(tooMany.status()).toBe(400)
    expect((await tooMany.json()).message).toBe('perPage: perPage is at most 1000')
    const badColumn = await page.request.post('/api/notes/search', {
      data: { searchcolumn: 'password', whereObjects: { fid: 1111 } },
    })
    expect(badColumn.status()).toBe(400)

    const stale = await page.request.put(`/api/notes/${note.nid}`, { data: { version: note.version - 1, re: 'Stale' } })
    expect(stale.status()).toBe(409)
    const conflict = await stale.json()
    expect(conflict.message).toBe(NOTE_MESSAGES.conflict)
    expect(conflict.current.re).toBe('API note')
    const noVersion = await page.request.put(`/api/notes/${note.nid}`, { data: { re: 'x' } })
    expect(noVersion.status()).toBe(400)
    const dateRefused = await page.request.put(`/api/notes/${note.nid}`, {
      data: { version: note.version, dated: '2020-01-01T10:00:00Z' },
    })
    expect(dateRefused.status()).toBe(400)
    expect((await dateRefused.json()).message).toBe(NOTE_MESSAGES.dateRefused)
    const typeRefused = await page.request.put(`/api/notes/${note.nid}`, {
      data: { version: note.version, type: 'web in' },
    })
    expect(typeRefused.status()).toBe(403)
    expect((await typeRefused.json()).message).toBe(NOTE_MESSAGES.typeRefused)

    // PUT is the inline edit: a closed note is refused to its non-admin owner.
    const closed = await newNote(page.request, 1111, { re: 'Closed API note', status: 'done' })
    const closedRefused = await page.request.put(`/api/notes/${closed.nid}`, {
      data: { version: closed.version, re: 'Changed' },
    })
    expect(closedRefused.status()).toBe(403)
    expect((await closedRefused.json()).message).toBe(NOTE_MESSAGES.closedRefused)

    const copied = await page.request.post('/api/notes', { data: { copy: note.nid } })
    expect(copied.status()).toBe(201)
    expect(await copied.json()).toMatchObject({
      re: 'Copy of: API note',
      type: 'memo',
      status: 'normal',
      staff: 'underwriter',
    })
    const badCreate = await page.request.post('/api/notes', { data: { fid: 'abc' } })
    expect(badCreate.status()).toBe(400)
    expect(typeof (await badCreate.json()).message).toBe('string')

    // Read-only users may read notes but not create them.
    await login(page, 'readonly')
    expect((await page.request.get(`/api/notes/${note.nid}`)).status()).toBe(200)
    expect((await page.request.post('/api/notes', { data: { fid: 1111 } })).status()).toBe(403)
    await page.goto(notesTab(1111))
    await expect(noteRow(page, note.nid)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Note' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Edit note / })).toHaveCount(0)
  })
})
