import { createHash, randomUUID } from 'node:crypto'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { CLOSING, DISCLAIMER, EMAIL_MESSAGES, LICENSES_LABEL } from '#app/domain/email'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { STAFF_PASSWORD } from '#app/db/seed/staff'
import { BASE_URL } from './base-url'
import { editNote, getNote, makeNote } from './factories'
import { expect as baseExpect, login, test } from './fixtures'
import { REFUSED_DOMAIN, addressesOf, waitForMail, type ReceivedMail } from './mail'

// The machine runs several suites at once: give the server's answers room.
const expect = baseExpect.configure({ timeout: 15_000 })
test.describe.configure({ timeout: 90_000 })

/**
 * The Note/Email editor (spec 2 §2.5, §4, §5): ownership hand-offs and their task-log lines, the
 * dialogs, recipients, letters, the HTML toggle, version conflicts, and save and send with and without
 * JavaScript. Every test makes its own notes through the notes API, so parallel tests never share one.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const editor = (nid: number, query = '') => `/editNoteEmail/${nid}${query}`
const snack = (page: Page, text: string) => page.locator('.snackbar').filter({ hasText: text })
const taskLog = (page: Page) => page.getByRole('list', { name: 'Task log' })
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true })

/** Signs in any account (the demo roles or the staff accounts) through the login form's POST. */
async function signIn(page: Page, username: string, password = STAFF_PASSWORD) {
  const response = await page.request.post('/login', { form: { username, password, redirectTo: '/' }, maxRedirects: 0 })
  expect(response.status(), `sign-in of ${username}`).toBe(302)
}

/** Signs the page in as the underwriter and makes a new note of theirs on the firm. */
async function underwriterNote(page: Page, fid: number) {
  await login(page, 'underwriter')
  return (await makeNote(page.request, fid)).nid
}

/** Writes an email (To, Re, Note), presses Send and confirms Save and Send in the dialog. */
async function sendEmail(page: Page, to: string, subject: string, note: string) {
  await field(page, 'To').fill(to)
  await field(page, 'Re').fill(subject)
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill(note)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByRole('dialog', { name: 'Save and Send Email' }).getByRole('button', { name: 'Save and Send' }).click()
}

/** Someone the signed-in user may give notes to (their ACL). */
async function aclUser(request: APIRequestContext): Promise<string> {
  const me = (await (await request.get('/api/me')).json()) as { id: number }
  const acls = (await (await request.get(`/api/users/${me.id}/acls`)).json()) as {
    allowed_users: { username: string }[]
  }
  expect(acls.allowed_users.length).toBeGreaterThan(0)
  return acls.allowed_users[0].username
}

/** A person of the note's firm with an email, as the recipients search offers them. */
async function firmRecipient(request: APIRequestContext, nid: number, fid: number) {
  for (const term of ['an', 'er', 'on', 'ar', 'el', 'in']) {
    const found = (await (await request.get(`/api/recipients/${nid}?search=${term}`)).json()) as {
      result: { plid: number; name: string; email: string | null; salutation: string | null; fid: number | null }[]
    }
    const person = found.result.find((candidate) => candidate.fid === fid && candidate.email)
    if (person) return person
  }
  throw new Error(`no person with an email on firm ${fid}`)
}

interface TranlogRow {
  id: number
  status: string
  type: string
  queued: string
  sent: string | null
  note: string | null
}

async function tranlogOf(request: APIRequestContext, nid: number): Promise<TranlogRow[]> {
  const response = await request.get(`/api/tranlogs/${nid}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as TranlogRow[]
}

/** A PDF on the note (through the note files API), to go out as the attachment. */
async function notePdf(request: APIRequestContext, nid: number) {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(randomUUID())])
  const upload = await request.post(`/api/notes/${nid}/files`, {
    multipart: {
      file: { name: 'renewal-quote.pdf', mimeType: 'application/pdf', buffer: bytes },
      fileDescription: 'Renewal quote',
      fileType: 'Other',
    },
  })
  expect(upload.status()).toBe(201)
  return bytes
}

/** Every kind of active content the sanitiser must remove (issue 5), each trying to set window.pwned. */
const HOSTILE_HTML =
  '<p>Safe <b>bold</b></p><script>window.pwned=1</script><img src=x onerror="window.pwned=2"><a href="javascript:window.pwned=3">link</a>' +
  '<style>body{display:none}</style><svg onload="window.pwned=4"><circle r="4"/></svg><iframe src="javascript:window.pwned=5"></iframe><p onclick="window.pwned=6">click</p>'
const ACTIVE_CONTENT = /<script|onerror|onload|onclick|javascript:|<style|<svg|<iframe|<img/i

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The message as the sink received it: the sender's long name, the Re, the body and the four appended blocks. */
function expectComposed(mail: ReceivedMail, body: string) {
  expect(mail.parsed.from?.value).toEqual([{ name: 'Ellen Brooks', address: 'underwriter@mga-desk.example' }])
  const text = mail.parsed.text ?? ''
  expect(text).toContain(body)
  expect(text).toContain(`${CLOSING}\n\nEllen Brooks`)
  expect(text).toContain('Summit Professional Underwriters')
  expect(text).toContain(LICENSES_LABEL)
  expect(text).toContain(DISCLAIMER)
}

async function newContext(
  browser: { newContext: (options?: object) => Promise<BrowserContext> },
  javaScriptEnabled = true,
) {
  const context = await browser.newContext({ javaScriptEnabled })
  return { context, page: await context.newPage() }
}

/**
 * A note of the staff user mkent on the firm (with changes made by mkent), for the ownership tests; the
 * test's page is then signed in as the underwriter, who opens it.
 */
async function mkentNote(
  page: Page,
  browser: { newContext: (options?: object) => Promise<BrowserContext> },
  fid: number,
  changes?: Record<string, unknown>,
): Promise<number> {
  const { context, page: mkent } = await newContext(browser)
  await signIn(mkent, 'mkent')
  const { nid } = await makeNote(mkent.request, fid)
  if (changes) await editNote(mkent.request, nid, changes)
  await context.close()
  await login(page, 'underwriter')
  return nid
}

test.describe('note editor', () => {
  test('a link from another site does not take the note: the dialog offers Take note or Just read', async ({
    page,
    browser,
  }) => {
    const nid = await mkentNote(page, browser, 1031)
    // As the browser sends it for a link followed from another site.
    const crossSite = await page.request.get(editor(nid), { headers: { 'Sec-Fetch-Site': 'cross-site' } })
    expect(crossSite.status()).toBe(200)
    expect(await crossSite.text()).toContain('Opened from a link on another site, it was not taken')
    expect((await getNote(page.request, nid)).staff).toBe('mkent')
    // A sibling site (another port of this host, say) is another site too.
    const sameSite = await page.request.get(editor(nid), { headers: { 'Sec-Fetch-Site': 'same-site' } })
    expect(await sameSite.text()).toContain('Opened from a link on another site, it was not taken')
    expect((await getNote(page.request, nid)).staff).toBe('mkent')
    // Just read: read-only, still not taken, with Take to take it here.
    await page.goto(editor(nid, '?read=1'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Note/Email')
    expect((await getNote(page.request, nid)).staff).toBe('mkent')
    // Take posts the editor's take intent: the note is taken as opening it from the app would.
    await page.getByRole('button', { name: 'Take', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Note/Email')
    await expect(taskLog(page).getByRole('listitem').first()).toHaveText(/underwriter: took from mkent$/)
    expect((await getNote(page.request, nid)).staff).toBe('underwriter')
  })

  test('opening a note not in your name takes it; giving it away is read-only with the dialog; giving it back re-enables editing', async ({
    page,
    browser,
  }) => {
    const nid = await mkentNote(page, browser, 1030)
    await page.goto(editor(nid))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Note/Email')
    await expect(taskLog(page).getByRole('listitem').first()).toHaveText(
      /^\d{4}-\d\d-\d\d \d\d:\d\d underwriter: took from mkent$/,
    )
    await expect(select(page, 'For')).toHaveValue('underwriter')
    expect((await getNote(page.request, nid)).closer).toBe('mkent')

    const other = await aclUser(page.request)
    await select(page, 'For').selectOption(other)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const reassign = page.getByRole('dialog', { name: 'Reassigning note' })
    await expect(reassign).toContainText(`Give this note to ${other}?`)
    await reassign.getByRole('button', { name: `Give to ${other}` }).click()
    await expect(page).toHaveURL(new RegExp(`/editNoteEmail/${nid}\\?given=1$`))
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    const given = page.getByRole('dialog', { name: 'Note is not in your name' })
    await expect(given).toContainText(NOTE_MESSAGES.readOnlyGivenAway(other))
    await expect(given).toContainText('This note is not in your name. To edit a note, the note must be in your name.')
    await given.getByRole('link', { name: 'OK' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Note/Email')
    await expect(taskLog(page).getByRole('listitem').first()).toHaveText(new RegExp(`underwriter: gave to ${other}$`))
    await expect(field(page, 'Re')).not.toBeEditable()
    await expect(select(page, 'Status')).toBeDisabled()
    expect(await getNote(page.request, nid)).toMatchObject({ staff: other, closer: 'underwriter' })

    // For stays editable: giving the note back to oneself and saving re-enables editing.
    await select(page, 'For').selectOption('underwriter')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/editNoteEmail/${nid}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Note/Email')
    await expect(taskLog(page).getByRole('listitem').first()).toHaveText(new RegExp(`underwriter: took from ${other}$`))
    await expect(field(page, 'Re')).toBeEditable()
  })

  test('an admin is asked before taking a note, and may decline', async ({ page, browser }) => {
    const { context: uw, page: underwriter } = await newContext(browser)
    await login(underwriter, 'underwriter')
    const { nid } = await makeNote(underwriter.request, 1031)
    await uw.close()

    await login(page, 'admin')
    await page.goto(`/EditNoteEmail/${nid}`)
    const take = page.getByRole('dialog', { name: 'Take note' })
    await expect(take).toContainText(NOTE_MESSAGES.takeNote('underwriter'))
    await take.getByRole('link', { name: 'No' }).click()
    await expect(page).toHaveURL(new RegExp(`/EditNoteEmail/${nid}\\?notake=1$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Admins may edit regardless of owner: a save keeps the note where it is.
    await field(page, 'Re').fill('Checked by admin')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await getNote(page.request, nid)).toMatchObject({ staff: 'underwriter', re: 'Checked by admin' })

    await page.goto(`/EditNoteEmail/${nid}`)
    await page.getByRole('dialog', { name: 'Take note' }).getByRole('button', { name: 'Take note' }).click()
    await expect(snack(page, 'You took this note from underwriter.')).toBeVisible()
    await expect(taskLog(page).getByRole('listitem').first()).toHaveText(/admin: took from underwriter$/)
    await expect(select(page, 'For')).toHaveValue('admin')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('a closed note of someone else opens read-only with the "not in your name" dialog, and is not taken', async ({
    page,
    browser,
  }) => {
    const nid = await mkentNote(page, browser, 1032, { status: 'done' })
    await page.goto(editor(nid))
    const dialog = page.getByRole('dialog', { name: 'Note is not in your name' })
    await expect(dialog).toContainText(NOTE_MESSAGES.ownerHasNote('mkent'))
    await dialog.getByRole('link', { name: 'OK' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Note/Email')
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled()
    expect((await getNote(page.request, nid)).staff).toBe('mkent')
    // Opening marked it read.
    const readers = await page.request.post(`/api/notes/${nid}/readers`)
    expect(
      ((await readers.json()) as { readers: { uname: string }[] }).readers.map((reader) => reader.uname),
    ).toContain('underwriter')
  })

  test('recipients: the search states, adding people, and saving them with the note', async ({ page }) => {
    const nid = await underwriterNote(page, 1033)
    const person = await firmRecipient(page.request, nid, 1033)
    await page.goto(editor(nid))
    await page.getByRole('button', { name: 'Prep' }).click()
    const recipients = page.getByRole('region', { name: 'Recipients' })
    const search = recipients.getByRole('textbox', { name: 'Add people' })
    const status = recipients.getByRole('status')
    await search.fill('a')
    await expect(status).toHaveText(NOTE_MESSAGES.recipientsMin)
    await search.fill('qqzzxxyyq')
    await expect(status).toHaveText(NOTE_MESSAGES.recipientsNone)
    await search.fill(person.name)
    await recipients
      .getByRole('button', { name: `Add ${person.name} as To` })
      .first()
      .click()
    await expect(recipients.getByRole('table', { name: 'Recipients' })).toContainText(person.email!)
    await expect(page.locator('.ne-address-row').filter({ hasText: 'To' }).first()).toContainText(person.name)
    await recipients.getByRole('checkbox', { name: `Cc: ${person.name}`, exact: true }).check()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    const saved = (await (await page.request.get(`/api/recipients/${nid}`)).json()) as {
      plid: number
      to: boolean
      cc: boolean
    }[]
    expect(saved).toEqual([expect.objectContaining({ plid: person.plid, to: true, cc: true })])
    expect((await getNote(page.request, nid)).signer).toBe('underwriter')
  })

  test('letters: the paste-over warning, then plain text to HTML and back', async ({ page }) => {
    const nid = await underwriterNote(page, 1034)
    await page.goto(editor(nid))
    const body = page.getByRole('textbox', { name: 'Note', exact: true })
    await body.fill('Some words already here.\nSecond line.')
    await select(page, 'Letters').selectOption({ label: 'Quote follow-up' })
    const warning = page.getByRole('dialog', { name: 'Paste Over Warning' })
    await expect(warning).toContainText(NOTE_MESSAGES.pasteOver)
    await warning.getByRole('button', { name: 'Cancel' }).click()
    await expect(body).toHaveValue('Some words already here.\nSecond line.')
    await select(page, 'Letters').selectOption({ label: 'Renewal reminder' })
    await page.getByRole('dialog', { name: 'Paste Over Warning' }).getByRole('button', { name: 'Replace' }).click()
    await expect(body).toHaveValue(/^Dear Sir or Madam,\n\nThe professional liability policy of .+ renews soon\./)
    await expect(body).toHaveValue(/Sincerely,\nEllen Brooks$/)

    await body.fill('Line one\nLine <two> & more')
    await page.getByRole('button', { name: 'Switch to HTML' }).click()
    const rich = page.getByRole('textbox', { name: 'Note', exact: true })
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible()
    await expect(rich).toHaveText('Line oneLine <two> & more')
    expect(await rich.innerHTML()).toBe('Line one<br>Line &lt;two&gt; &amp; more')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    const saved = await getNote(page.request, nid)
    expect(saved).toMatchObject({ html: true, note: 'Line one<br />Line &lt;two&gt; &amp; more' })
    await page.getByRole('button', { name: 'Switch to plain text' }).click()
    await expect(page.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('Line one\nLine <two> & more')
  })

  test('send checks: Missing Field/s and Invalid From Field', async ({ page }) => {
    const nid = await underwriterNote(page, 1035)
    await page.goto(editor(nid))
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const missing = page.getByRole('dialog', { name: 'Missing Field/s' })
    await expect(missing).toContainText(NOTE_MESSAGES.missingFields)
    await missing.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // A From who may not sign (readonly's account is not a signer).
    await editNote(page.request, nid, { signer: 'readonly' })
    await page.reload()
    await field(page, 'To').fill('someone@example.com')
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Hello')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Invalid From Field' })).toContainText(
      NOTE_MESSAGES.invalidFrom('readonly'),
    )
  })

  test('two staff editing the same note: the second save is refused with the conflict message, nothing is overwritten', async ({
    page,
    browser,
  }) => {
    const nid = await underwriterNote(page, 1036)
    await page.goto(editor(nid))
    await field(page, 'Re').fill('Underwriter wording')

    const { context: adminContext, page: admin } = await newContext(browser)
    await login(admin, 'admin')
    await admin.goto(editor(nid, '?notake=1'))
    await field(admin, 'Re').fill('Admin wording')
    await admin.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(admin, NOTE_MESSAGES.saved)).toBeVisible()
    await adminContext.close()

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: NOTE_MESSAGES.conflict })).toBeVisible()
    await expect(field(page, 'Re')).toHaveValue('Admin wording')
    expect((await getNote(page.request, nid)).re).toBe('Admin wording')
    // The form now holds the current version: saving again works.
    await field(page, 'Re').fill('Underwriter wording')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    expect((await getNote(page.request, nid)).re).toBe('Underwriter wording')
  })

  test('an HTML body with script, handlers, javascript: links, style, svg and iframe is stored and shown inert', async ({
    page,
    browser,
  }) => {
    const nid = await underwriterNote(page, 1043)
    await editNote(page.request, nid, { html: true, note: HOSTILE_HTML })
    const stored = (await getNote(page.request, nid)).note
    expect(stored).toContain('<b>bold</b>')
    expect(stored).not.toMatch(ACTIVE_CONTENT)
    page.on('dialog', (dialog) => void dialog.dismiss())
    await page.goto(editor(nid))
    const rich = page.getByRole('textbox', { name: 'Note', exact: true })
    await expect(rich).toContainText('Safe bold')
    expect(await rich.innerHTML()).not.toMatch(ACTIVE_CONTENT)
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    await expect(page.locator('body')).toBeVisible()

    // The read-only view (someone else's closed note) renders the same sanitised HTML.
    await editNote(page.request, nid, { status: 'done' })
    const { context: mk, page: mkent } = await newContext(browser)
    await signIn(mkent, 'mkent')
    await mkent.goto(editor(nid, '?seen=1'))
    const view = mkent.locator('.ne-html-view')
    await expect(view).toContainText('Safe bold')
    expect(await view.innerHTML()).not.toMatch(ACTIVE_CONTENT)
    expect(await mkent.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    await mk.close()
  })

  test('send: confirm, save, the email received with the blocks and the attachment, the tranlog, then the reload', async ({
    page,
  }) => {
    const nid = await underwriterNote(page, 1038)
    const person = await firmRecipient(page.request, nid, 1038)
    const pdf = await notePdf(page.request, nid)
    const subject = `Renewal quote ${randomUUID().slice(0, 8)}`
    await page.goto(editor(nid))
    await page.getByRole('button', { name: 'Prep' }).click()
    await page.getByRole('textbox', { name: 'Add people' }).fill(person.name)
    await page
      .getByRole('button', { name: `Add ${person.name} as To` })
      .first()
      .click()
    await field(page, 'To').fill('second.client@client.example')
    await field(page, 'Re').fill(subject)
    await select(page, 'Type').selectOption('email out')
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Please find your renewal quote attached.')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Save and Send Email' })
    await expect(confirm).toBeVisible()
    const reload = page.waitForRequest(
      (request) => request.url().includes(`/editNoteEmail/${nid}.data`) && request.method() === 'GET',
      { timeout: 30_000 },
    )
    await confirm.getByRole('button', { name: 'Save and Send' }).click()
    await expect(snack(page, NOTE_MESSAGES.sending)).toBeVisible()
    await expect(snack(page, NOTE_MESSAGES.sent)).toBeVisible({ timeout: 30_000 })

    const mail = await waitForMail((candidate) => candidate.parsed.subject === subject)
    expectComposed(mail, 'Please find your renewal quote attached.')
    expect(addressesOf(mail.parsed.to)).toEqual([person.email!.toLowerCase(), 'second.client@client.example'])
    expect(mail.parsed.attachments.map((attachment) => attachment.filename)).toEqual(['renewal-quote.pdf'])
    expect(sha(mail.parsed.attachments[0].content)).toBe(sha(pdf))

    const [row] = (await tranlogOf(page.request, nid)).filter((entry) => entry.note?.includes(subject))
    expect(row).toMatchObject({ type: 'email', status: 'sent' })
    expect(new Date(row.sent!).getTime()).toBeGreaterThanOrEqual(new Date(row.queued).getTime())
    expect(row.note).toContain('attached: renewal-quote.pdf')
    // Saved before it was sent; the note reloads 3 seconds later.
    expect(await getNote(page.request, nid)).toMatchObject({ re: subject, signer: 'underwriter' })
    await reload
    await expect(field(page, 'Re')).toHaveValue(subject)
  })

  test('a send the mail server refuses: the error snackbar stays, the attempt is logged as failed', async ({
    page,
  }) => {
    const nid = await underwriterNote(page, 1039)
    const subject = `Bounce ${randomUUID().slice(0, 8)}`
    await page.goto(editor(nid))
    await sendEmail(page, `nobody@${REFUSED_DOMAIN}`, subject, 'Hello')
    const error = page.locator('.snackbar[role="alert"]').filter({ hasText: NOTE_MESSAGES.sendFailed })
    await expect(error).toContainText(NOTE_MESSAGES.sendFailedDetail, { timeout: 30_000 })
    await page.waitForTimeout(7_000)
    await expect(error).toBeVisible()
    const [row] = (await tranlogOf(page.request, nid)).filter((entry) => entry.note?.includes(subject))
    expect(row).toMatchObject({ status: 'failed', sent: null })
    expect(row.note).toContain('Recipient address rejected')
    await error.getByRole('button', { name: 'Close' }).click()
    await expect(error).toHaveCount(0)
  })

  test('a missing note answers the load-failed message', async ({ page }) => {
    await login(page, 'underwriter')
    const response = await page.goto(editor(2147480000))
    expect(response?.status()).toBe(404)
    await expect(page.getByText(NOTE_MESSAGES.loadFailed)).toBeVisible()
  })

  test('expectedFiles: the page polls until the files arrive, with the checking hint', async ({ page }) => {
    const nid = await underwriterNote(page, 1037)
    await page.goto(editor(nid, '?expectedFiles=1'))
    await expect(page.getByText('checking files')).toBeVisible()
    const upload = await page.request.post(`/api/notes/${nid}/files`, {
      multipart: {
        file: { name: 'quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 quote') },
        fileDescription: 'Quote letter',
        fileType: 'Other',
      },
    })
    expect(upload.status()).toBe(201)
    const files = page.getByRole('table', { name: 'Note files' })
    await expect(files).toContainText('quote.pdf')
    await expect(files.getByRole('link', { name: 'quote.pdf' })).toHaveAttribute('href', /^\/download\/\d+$/)
    await expect(page.getByText('checking files')).toHaveCount(0)
  })
})

test.describe('note editor without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a read-only viewer opens Prep as a link: the recipients show, nothing is posted', async ({ page }) => {
    const nid = await underwriterNote(page, 1041)
    await login(page, 'readonly')
    await page.goto(editor(nid))
    await page.getByRole('link', { name: 'Prep' }).click()
    await expect(page).toHaveURL(/prep=1/)
    await expect(page.getByRole('region', { name: 'Recipients' })).toBeVisible()
    await expect(page.getByText('You do not have permission to edit notes.')).toHaveCount(0)
  })

  test('save, the reassign confirmation, recipients search, a template and the HTML toggle', async ({ page }) => {
    const nid = await underwriterNote(page, 1040)
    const person = await firmRecipient(page.request, nid, 1040)
    await page.goto(editor(nid))
    await field(page, 'Re').fill('Saved without JavaScript')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    await expect(field(page, 'Re')).toHaveValue('Saved without JavaScript')

    // Send with fields missing: the server's Missing Field/s dialog; OK keeps the form as typed.
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Typed, not saved')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const missing = page.getByRole('dialog', { name: 'Missing Field/s' })
    await expect(missing).toContainText(NOTE_MESSAGES.missingFields)
    await missing.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('Typed, not saved')
    // Its X does the same: the typed text stays (a link would load the note as saved).
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await page.getByRole('dialog', { name: 'Missing Field/s' }).getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('Typed, not saved')

    // Prep and the recipients search as submits.
    await page.getByRole('button', { name: 'Prep' }).click()
    const recipients = page.getByRole('region', { name: 'Recipients' })
    await recipients.getByRole('textbox', { name: 'Add people' }).fill('qqzzxxyyq')
    await recipients.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('region', { name: 'Recipients' }).getByRole('status')).toHaveText(
      NOTE_MESSAGES.recipientsNone,
    )
    await page
      .getByRole('region', { name: 'Recipients' })
      .getByRole('textbox', { name: 'Add people' })
      .fill(person.name)
    await page.getByRole('region', { name: 'Recipients' }).getByRole('button', { name: 'Search' }).click()
    await page
      .getByRole('button', { name: `Add ${person.name} as To` })
      .first()
      .click()
    await expect(page.getByRole('table', { name: 'Recipients' })).toContainText(person.email!)

    // A template over text: the paste-over warning, then Replace.
    await select(page, 'Letters').selectOption({ label: 'Certificate of insurance' })
    await page.getByRole('button', { name: 'Use', exact: true }).click()
    const warning = page.getByRole('dialog', { name: 'Paste Over Warning' })
    await expect(warning).toContainText(NOTE_MESSAGES.pasteOver)
    await warning.getByRole('button', { name: 'Replace' }).click()
    await expect(page.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue(
      new RegExp(
        `^${escapeRegExp(person.salutation ?? `Dear ${person.name}`)},\\n\\nAs requested, attached is the certificate of insurance for `,
      ),
    )

    // Plain to HTML without JavaScript: the body becomes a textarea of HTML.
    await page.getByRole('button', { name: 'Switch to HTML' }).click()
    await expect(page.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue(
      /^Dear .+,<br ?\/?><br ?\/?>As requested/,
    )
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    const saved = await getNote(page.request, nid)
    expect(saved.html).toBe(true)
    expect(saved.note).toMatch(/^Dear .+,<br \/><br \/>As requested/)
    const rows = (await (await page.request.get(`/api/recipients/${nid}`)).json()) as { plid: number; to: boolean }[]
    expect(rows).toEqual([expect.objectContaining({ plid: person.plid, to: true })])

    // Giving the note away is confirmed first, then shows read-only with the dialog.
    const other = await aclUser(page.request)
    await select(page, 'For').selectOption(other)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Reassigning note' })
      .getByRole('button', { name: `Give to ${other}` })
      .click()
    await expect(page.getByRole('dialog', { name: 'Note is not in your name' })).toContainText(
      NOTE_MESSAGES.readOnlyGivenAway(other),
    )
    await page.getByRole('link', { name: 'OK' }).click()
    await expect(page).toHaveURL(/given=1&seen=1/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await select(page, 'For').selectOption('underwriter')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Note/Email')
    await expect(taskLog(page).getByRole('listitem').first()).toHaveText(new RegExp(`underwriter: took from ${other}$`))
  })

  test('send without JavaScript: the server asks to confirm, then saves and sends', async ({ page }) => {
    const nid = await underwriterNote(page, 1042)
    const subject = `No script ${randomUUID().slice(0, 8)}`
    await page.goto(editor(nid))
    await sendEmail(page, 'plain.client@client.example', subject, 'Sent from a browser without JavaScript.')
    await expect(snack(page, NOTE_MESSAGES.sent)).toBeVisible({ timeout: 30_000 })
    const mail = await waitForMail((candidate) => candidate.parsed.subject === subject)
    expectComposed(mail, 'Sent from a browser without JavaScript.')
    expect(addressesOf(mail.parsed.to)).toEqual(['plain.client@client.example'])
    expect(
      (await tranlogOf(page.request, nid)).some((row) => row.status === 'sent' && row.note?.includes(subject)),
    ).toBe(true)
    expect(await getNote(page.request, nid)).toMatchObject({ re: subject, to: 'plain.client@client.example' })
  })

  test('HTML typed without JavaScript is sanitised when saved', async ({ page }) => {
    const nid = await underwriterNote(page, 1044)
    await page.goto(editor(nid))
    await page.getByRole('button', { name: 'Switch to HTML' }).click()
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill(HOSTILE_HTML)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
    const saved = await page.getByRole('textbox', { name: 'Note', exact: true }).inputValue()
    expect(saved).toContain('<b>bold</b>')
    expect(saved).not.toMatch(ACTIVE_CONTENT)
    expect((await getNote(page.request, nid)).note).not.toMatch(ACTIVE_CONTENT)
  })

  test('upload a file to the note: a description is needed', async ({ page }) => {
    const nid = await underwriterNote(page, 1041)
    await page.goto(editor(nid))
    await page.getByText('Upload files').click()
    await page
      .getByLabel('File 1')
      .setInputFiles({ name: 'binder.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 binder') })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Description is required to upload a file.' })).toBeVisible()
    await expect(page.getByText('Need Description/s')).toBeVisible()
    await page
      .getByLabel('File 1')
      .setInputFiles({ name: 'binder.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 binder') })
    await page.getByRole('textbox', { name: 'Description 1' }).fill('Binder')
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('table', { name: 'Note files' })).toContainText('binder.pdf')
    await expect(page.getByRole('table', { name: 'Note files' })).toContainText('Binder')
  })
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`note editor refusals with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled })

    test('a refused address is marked at its field, with everything typed kept and nothing saved', async ({ page }) => {
      const nid = await underwriterNote(page, 1041)
      await page.goto(editor(nid))
      await field(page, 'Re').fill('Kept after the refusal')
      await field(page, 'To').fill('broker@example.com, not-an-address')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      const message = EMAIL_MESSAGES.invalidAddress('not-an-address')
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
      // Conform's reply marks the field itself: invalid, described by its message.
      await expect(field(page, 'To')).toHaveAttribute('aria-invalid', 'true')
      await expect(field(page, 'To')).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)))
      await expect(field(page, 'To')).toHaveValue('broker@example.com, not-an-address')
      await expect(field(page, 'Re')).toHaveValue('Kept after the refusal')
      const stored = await getNote(page.request, nid)
      expect(stored.re ?? '').not.toBe('Kept after the refusal')

      // Corrected, it saves.
      await field(page, 'To').fill('broker@example.com')
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(snack(page, NOTE_MESSAGES.saved)).toBeVisible()
      await expect(field(page, 'To')).not.toHaveAttribute('aria-invalid', 'true')
      expect((await getNote(page.request, nid)).re).toBe('Kept after the refusal')
    })
  })
}

test.describe('note editor without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the dialog’s Take note, on a note opened from another site, posts and takes it', async ({ page, browser }) => {
    const nid = await mkentNote(page, browser, 1031)
    // A link followed from another site: the server renders the dialog, and Take note is a submit.
    await page.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><body><a href="${BASE_URL}${editor(nid)}">Your note</a></body></html>`,
      }),
    )
    await page.goto('http://evil.example/')
    await page.getByRole('link', { name: 'Your note' }).click()
    const dialog = page.getByRole('dialog', { name: 'Note is not in your name' })
    await expect(dialog).toContainText('Opened from a link on another site, it was not taken')
    expect((await getNote(page.request, nid)).staff).toBe('mkent')
    await dialog.getByRole('button', { name: 'Take note' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Note/Email')
    expect((await getNote(page.request, nid)).staff).toBe('underwriter')
  })
})
