import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { fileLinks, firms, notes, people, users } from '#app/db/schema'
import { DESCRIPTION_REQUIRED, FILE_TYPE_NOT_ALLOWED, MAX_UPLOAD_MESSAGE, TYPE_SAVE_ERROR } from '#app/domain/files'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { FIRM_SAVED } from '#app/schemas/firm'
import { FIELD_REQUIRED } from '#app/schemas/fields'
import { createNote } from '#app/models/note.server'
import * as editFirm from '#app/routes/_app.editFirm.$id'
import * as firmsSearch from '#app/routes/_app.search.firms.firmsSearch'
import * as viewFirm from '#app/routes/_app.search.firms.viewFirm'
import * as popup from '#app/routes/viewFirmNoNote.$id'
import * as popupTab from '#app/routes/viewFirmNoNote.$id_.$tablesProp'
import * as notePopup from '#app/routes/viewFirmNote.$id'
import { testDb } from './db'
import { actorNamed, makeFirm, makePerson } from './factories'
import { cookieFor, expectFieldErrors, get, post, type FormFields } from './route-calls'

/**
 * The firm viewer's routes on the real database (issue 23 item 6): the popups' and the search page's
 * loaders per tab, the viewer's composed action (each tab's intents, their refusals in the one 403
 * shape, validation answers with the spec's messages), the popups' 404s and refusals, Edit Firm.
 */

type ViewData = {
  firm: { fid: number; sort: string; version: number }
  tab: string
  shown: string[]
  data: Record<string, unknown> | null
  editFirm: { picklists: Record<string, unknown[]> } | null
  can: { editFirm: boolean }
  fromNote: number | null
}
type Reply = {
  intent: string
  error?: string
  warning?: string
  typed?: { description: string; type: string }[]
  result?: { error?: Record<string, string[]> }
  current?: Record<string, unknown>
}

const cookies: Record<string, string> = {}
const as = (username: string) => cookies[username]!
let fid: number
let noScopes: string

beforeAll(async () => {
  for (const username of ['admin', 'underwriter', 'claims', 'readonly', 'accounting'])
    cookies[username] = await cookieFor(username)
  // A signed-in user without firm-view (in no group): the popups refuse them.
  await testDb()
    .insert(users)
    .values({ username: 'viewer.noscope', passwordHash: await hashPassword('No-scopes-pass-1') })
  noScopes = await cookieFor('viewer.noscope')
  fid = (await makeFirm(testDb(), { note: '<p>Firm <b>note</b></p>' })).fid
})

const tabPath = (tab: string, query = '') => `/viewFirmNoNote/${fid}/${tab}${query}`
const openTab = (username: string, tab: string, query = '') =>
  get<ViewData>(popupTab, as(username), tabPath(tab, query), { id: String(fid), tablesProp: tab })
const send = (username: string, fields: Record<string, string | number | File | (string | File)[]>, query = '') =>
  post<Reply>(
    popupTab,
    as(username),
    tabPath('Files', query),
    { id: String(fid), tablesProp: 'Files' },
    {
      fid,
      ...fields,
    },
  )
/** The Files tab's edit of a file link as underwriter: its description, the type Other (6). */
const editFile = (loidfid: number, file_description: string) =>
  send('underwriter', { intent: 'file-edit', loidfid, file_description, file_type: 6 })
/** An upload of the Files tab as claims: the files, each with its description and type. */
const upload = (file: File | File[], description: string | string[], type: string | string[], query = '') =>
  send('claims', { intent: 'file-upload', file, description, type }, query)

describe('the firm popup: its loader per tab', () => {
  it('Info: the firm, the tabs the user sees, Edit Firm (a dialog its URL opens) for firm-edit only', async () => {
    const info = await get<ViewData>(popup, as('underwriter'), `/viewFirmNoNote/${fid}`, { id: String(fid) })
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({ tab: 'Info', firm: { fid }, can: { editFirm: true }, editFirm: null })
    // Claims only with claim-view: the underwriter has none, the read-only user has it.
    expect(info.body.shown).toEqual(['Info', 'Notes', 'Members', 'Policies', 'Files'])
    const editing = await get<ViewData>(popup, as('underwriter'), `/viewFirmNoNote/${fid}?editFirm=1`, {
      id: String(fid),
    })
    expect(Object.keys(editing.body.editFirm!.picklists).sort()).toEqual(
      ['entity', 'fstatus', 'ftype', 'name', 'source', 'states'].sort(),
    )
    const readonly = await get<ViewData>(popup, as('readonly'), `/viewFirmNoNote/${fid}?editFirm=1`, {
      id: String(fid),
    })
    expect(readonly.body).toMatchObject({ can: { editFirm: false }, editFirm: null })
    expect(readonly.body.shown).toContain('Claims')
  })

  it('Notes, Members, Claims, Policies, Files: each tab loads its own data, only when active', async () => {
    const person = await makePerson(testDb(), fid)
    await createNote(testDb(), { fid }, await actorNamed(testDb(), 'underwriter'))
    const notesTab = await openTab('underwriter', 'Notes')
    expect(notesTab.body.data).toMatchObject({ mode: 'All', batch: 1, page: 1, count: 1 })
    const members = await openTab('underwriter', 'members', `?mq=${encodeURIComponent(person.surname!)}`)
    expect(members.body.tab).toBe('Members')
    expect(members.body.data).toMatchObject({
      search: person.surname,
      members: [{ plid: person.plid }],
      can: { create: true, delete: false, openPerson: true },
      // Delete's confirmation does not open from a typed URL for a user who may not delete.
      deleteMember: null,
    })
    expect(
      ((await openTab('admin', 'Members', `?deleteMember=${person.plid}`)).body.data as { deleteMember: number })
        .deleteMember,
    ).toBe(person.plid)
    const claims = await openTab('readonly', 'Claims')
    expect(claims.body.data).toMatchObject({ result: [], totals: { total: expect.any(Object) } })
    // A tab the user does not see shows nothing.
    expect((await openTab('underwriter', 'Claims')).body.data).toBeNull()
    const policies = await openTab('underwriter', 'Policies')
    expect(policies.body.data).toMatchObject({ fid, can: { edit: true } })
    const files = await openTab('claims', 'Files', '?upload=1&rows=3&editFile=5')
    expect(files.body.data).toMatchObject({
      files: [],
      // claims may upload but not edit files: the edit panel stays shut.
      panel: { upload: true, rows: 3, editFile: null },
      can: { upload: true, editFiles: false, fileTypes: ['Other', 'Original'] },
    })
  })

  it('a note popup opens the note’s firm on its Active notes with the note chosen', async () => {
    const note = await createNote(testDb(), { fid }, await actorNamed(testDb(), 'underwriter'))
    const view = await get<ViewData>(notePopup, as('underwriter'), `/viewFirmNote/${note.nid}`, {
      id: String(note.nid),
    })
    expect(view.body).toMatchObject({ tab: 'Notes', fromNote: note.nid, firm: { fid } })
    expect(view.body.data).toMatchObject({ mode: 'Active', selected: { nid: note.nid } })
  })

  it('404s with the screen’s message; a user without firm-view is refused', async () => {
    for (const id of ['abc', '99999999']) {
      const missing = await get(popup, as('underwriter'), `/viewFirmNoNote/${id}`, { id })
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe('No such firm.')
    }
    const section = await get(popupTab, as('underwriter'), `/viewFirmNoNote/${fid}/Bogus`, {
      id: String(fid),
      tablesProp: 'Bogus',
    })
    expect(section.status).toBe(404)
    expect(section.body.message).toBe('No such firm section.')
    for (const id of ['abc', '99999999']) {
      const note = await get(notePopup, as('underwriter'), `/viewFirmNote/${id}`, { id })
      expect(note.status).toBe(404)
      expect(note.body.message).toBe(NOTE_MESSAGES.loadFailed)
    }
    // An admin-type note does not exist for a non-admin.
    const [adminNote] = await testDb()
      .insert(notes)
      .values({ fid, type: 'admin', status: 'normal', staff: 'admin', opener: 'admin', re: 'Admin only' })
      .returning()
    expect(
      (await get(notePopup, as('underwriter'), `/viewFirmNote/${adminNote!.nid}`, { id: String(adminNote!.nid) }))
        .status,
    ).toBe(404)
    expect(
      (await get(notePopup, as('admin'), `/viewFirmNote/${adminNote!.nid}`, { id: String(adminNote!.nid) })).status,
    ).toBe(200)

    for (const [module, path, params] of [
      [popup, `/viewFirmNoNote/${fid}`, { id: String(fid) }],
      [notePopup, `/viewFirmNote/${adminNote!.nid}`, { id: String(adminNote!.nid) }],
    ] as const) {
      const refused = await get(module, noScopes, path, params)
      expect([refused.status, refused.location]).toEqual([302, '/no-permission'])
      const posted = await post(module, noScopes, path, params, { intent: 'member-create', fid })
      expect([posted.status, posted.location]).toEqual([302, '/no-permission'])
      const anonymous = await get(module, null, path, params)
      expect(anonymous.location).toMatch(/^\/login\?redirectTo=/)
    }
  })
})

describe('the firm viewer’s composed action (every tab’s intents, one table)', () => {
  it('refuses a missing ability in the one 403 shape, with each screen’s words', async () => {
    const cases: [string, string, string][] = [
      ['readonly', 'member-create', 'You do not have permission to create members.'],
      ['underwriter', 'member-delete', 'You do not have permission to delete members.'],
      ['readonly', 'file-upload', 'You do not have permission to upload files.'],
      ['claims', 'file-edit', 'You do not have permission to edit files.'],
      ['claims', 'policy-create', 'You do not have permission to view this page'],
      ['readonly', 'note-inline', 'You do not have permission to edit notes.'],
    ]
    for (const [username, intent, error] of cases) {
      const answer = await send(username, { intent, plid: 1, loidfid: 1, nid: 1 })
      expect([answer.status, answer.body], `${intent} as ${username}`).toEqual([403, { intent, error }])
    }
    // An intent no tab serves, and a form without its firm.
    expect((await send('underwriter', { intent: 'bogus' })).status).toBe(400)
    const noFirm = await post<Reply>(
      popupTab,
      as('underwriter'),
      tabPath('Members'),
      { id: String(fid), tablesProp: 'Members' },
      {
        intent: 'member-create',
      },
    )
    expect([noFirm.status, noFirm.body.error]).toEqual([400, 'Pick a firm first.'])
  })

  it('members: create opens the new person; delete only a member of this firm, back to the page', async () => {
    const created = await send('underwriter', { intent: 'member-create' })
    expect(created.status).toBe(302)
    const plid = Number(/^\/editPerson\/(\d+)$/.exec(created.location!)![1])
    const [person] = await testDb().select().from(people).where(eq(people.plid, plid))
    expect(person!.fid).toBe(fid)
    const stranger = await makePerson(testDb(), (await makeFirm(testDb())).fid)
    const refused = await send('admin', { intent: 'member-delete', plid: stranger.plid })
    expect([refused.status, refused.body.error]).toEqual([400, 'Failed to delete member'])
    const bad = await send('admin', { intent: 'member-delete', plid: 'x' })
    expect([bad.status, bad.body.error]).toEqual([400, 'Failed to delete member'])
    const deleted = await send('admin', { intent: 'member-delete', plid }, `?deleteMember=${plid}&mq=x`)
    expect([deleted.status, deleted.location]).toEqual([302, `/viewFirmNoNote/${fid}/Files?mq=x`])
    expect(await testDb().select().from(people).where(eq(people.plid, plid))).toEqual([])
  })

  it('files: the upload rules answer 400, 403 and 413 with the spec messages and the rows as typed', async () => {
    const text = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/plain' })
    const noDescription = await upload(text('a.txt'), '', 'Other')
    expect(noDescription.status).toBe(400)
    expect(noDescription.body).toMatchObject({
      intent: 'file-upload',
      error: DESCRIPTION_REQUIRED,
      typed: [{ description: '', type: 'Other' }],
    })
    const formType = await upload(text('a.txt'), 'Quote', 'Form')
    expect([formType.status, formType.body.error]).toEqual([403, FILE_TYPE_NOT_ALLOWED])
    expect(formType.body.typed).toEqual([{ description: 'Quote', type: 'Form' }])
    const big = await upload(text('big.txt', 10 * 1024 * 1024 + 1), 'Too big', 'Other')
    expect([big.status, big.body.error]).toEqual([413, MAX_UPLOAD_MESSAGE])
    const noExtension = await upload(text('README'), 'Notes', 'Other')
    expect(noExtension.status).toBe(400)
    expect(noExtension.body).toMatchObject({
      error: 'No file was uploaded.',
      warning: 'Files without an extension cannot be uploaded: README (Notes)',
    })
    expect(await testDb().select().from(fileLinks).where(eq(fileLinks.fid, fid))).toEqual([])

    const uploaded = await upload(
      [text('one.txt'), text('two')],
      ['First', 'Second'],
      ['Other', 'Other'],
      '?upload=1&rows=2',
    )
    expect([uploaded.status, uploaded.location]).toEqual([302, `/viewFirmNoNote/${fid}/Files`])
    const links = await testDb().select().from(fileLinks).where(eq(fileLinks.fid, fid))
    expect(links.map((link) => link.file_description)).toEqual(['First'])
  })

  it('files: a body over the upload cap is the upload form’s 413, in place', async () => {
    const huge = new File([new Uint8Array(26 * 1024 * 1024)], 'huge.pdf', { type: 'application/pdf' })
    const answer = await upload(huge, 'Huge', 'Other')
    expect([answer.status, answer.body]).toEqual([413, { intent: 'file-upload', error: MAX_UPLOAD_MESSAGE }])
  })

  it('files: an edit marks a refused field; a file of another firm is not this tab’s', async () => {
    const [link] = await testDb().select().from(fileLinks).where(eq(fileLinks.fid, fid))
    const blank = await editFile(link!.loidfid, '')
    expect(blank.status).toBe(400)
    expect(blank.body.result?.error).toMatchObject({ file_description: ['Required'] })
    const elsewhere = await editFile(99999999, 'x')
    expect([elsewhere.status, elsewhere.body.error]).toEqual([404, TYPE_SAVE_ERROR])
    const saved = await editFile(link!.loidfid, 'Renamed')
    expect(saved.status).toBe(302)
  })

  it('policies: Create Policy refuses its fields with the tab’s words, and creates', async () => {
    const refused = await send('underwriter', { intent: 'policy-create', prid: '', incept: '' })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('Please correct the fields marked below.')
    expect(Object.keys(refused.body.result?.error ?? {})).toContain('incept')
    const [{ prid }] = (await testDb().execute<{ prid: number }>(sql`SELECT min(prid)::int AS prid FROM programs`)).rows
    const created = await send(
      'underwriter',
      { intent: 'policy-create', prid: prid!, incept: '3-1-2026' },
      '?pcreate=1',
    )
    expect(created.status).toBe(302)
    expect(created.location).toMatch(new RegExp(`^/viewFirmNoNote/${fid}/Files\\?pview=All&phl=\\d+$`))
  })

  it('the firms search page serves the same table, and the jobs list’s', async () => {
    const answer = await post<Reply>(
      firmsSearch,
      as('readonly'),
      '/search/firms/firmsSearch',
      {},
      {
        intent: 'member-create',
        fid,
      },
    )
    expect([answer.status, answer.body.error]).toEqual([403, 'You do not have permission to create members.'])
    const job = await post<Reply>(
      firmsSearch,
      as('readonly'),
      '/search/firms/firmsSearch',
      {},
      { intent: 'job-done', job: '1:1' },
    )
    expect([job.status, job.body.error]).toEqual([403, NOTE_MESSAGES.markDoneFailed])
  })
})

describe('the firm viewer page (/search/firms/viewFirm)', () => {
  const VIEWER = '/search/firms/viewFirm'
  type PageData = { tabs: { fid: number; sort: string }[]; view: ViewData | null; firmError: string | null }
  const open = (username: string | null, query = '') =>
    get<PageData>(viewFirm, username === null ? null : as(username), `${VIEWER}${query}`)

  it('?fid= opens one more firm on Info; a firm not there is the spec message on the page (404) beside the open ones', async () => {
    const other = await makeFirm(testDb())
    const opened = await open('readonly', `?open=${other.fid}&tab=Notes&nmode=Active&fid=${fid}`)
    expect([opened.status, opened.location]).toEqual([
      302,
      `${VIEWER}?open=${other.fid}%2C${fid}&tab=Notes&firm=${fid}`,
    ])
    for (const missing of ['99999999', 'abc']) {
      const notThere = await open('readonly', `?open=${other.fid}&fid=${missing}`)
      expect(notThere.status).toBe(404)
      expect(notThere.body).toEqual({
        tabs: [{ fid: other.fid, sort: other.sort }],
        view: null,
        firmError: FIRM_MESSAGES.loadFailed,
      })
    }
    const gone = await open('readonly', `?open=99999999`)
    expect([gone.status, gone.body.firmError]).toEqual([404, FIRM_MESSAGES.loadFailed])
    // A bare address: nothing open, no error (Get by FID and the way back).
    const bare = await open('readonly')
    expect([bare.status, bare.body]).toEqual([200, { tabs: [], view: null, firmError: null }])
  })

  it('shows the firm named in the URL on its sub-tab, as the search page does; firm-view needed', async () => {
    const person = await makePerson(testDb(), fid)
    const members = await open('underwriter', `?open=${fid}&firm=${fid}&tab=Members`)
    expect(members.status).toBe(200)
    expect(members.body.tabs).toEqual([{ fid, sort: expect.any(String) }])
    expect(members.body.view).toMatchObject({ tab: 'Members', firm: { fid } })
    expect((members.body.view!.data as { members: { plid: number }[] }).members).toContainEqual(
      expect.objectContaining({ plid: person.plid }),
    )
    const refused = await get(viewFirm, noScopes, `${VIEWER}?open=${fid}`)
    expect([refused.status, refused.location]).toEqual([302, '/no-permission'])
    const posted = await post(viewFirm, noScopes, VIEWER, {}, { intent: 'member-create', fid })
    expect([posted.status, posted.location]).toEqual([302, '/no-permission'])
    expect((await open(null, `?open=${fid}`)).location).toMatch(/^\/login\?redirectTo=/)
  })

  it('serves the viewer’s composed table and comes back to the same firms', async () => {
    const path = `${VIEWER}?open=${fid}&firm=${fid}&tab=Members`
    const refused = await post<Reply>(viewFirm, as('readonly'), path, {}, { intent: 'member-create', fid })
    expect([refused.status, refused.body]).toEqual([
      403,
      { intent: 'member-create', error: 'You do not have permission to create members.' },
    ])
    // Posted to the bare address (nothing open): a refusal is still the one 403 shape.
    const bare = await post<Reply>(viewFirm, as('readonly'), VIEWER, {}, { intent: 'note-create', fid })
    expect([bare.status, bare.body.error]).toEqual([403, 'You do not have permission to create notes.'])
    const plid = (await makePerson(testDb(), fid)).plid
    const deleted = await post(
      viewFirm,
      as('admin'),
      `${path}&deleteMember=${plid}`,
      {},
      {
        intent: 'member-delete',
        fid,
        plid,
      },
    )
    expect([deleted.status, deleted.location]).toEqual([302, path])
    expect(deleted.flash).toMatchObject({ kind: 'success' })
    expect(await testDb().select().from(people).where(eq(people.plid, plid))).toEqual([])
  })
})

describe('Edit Firm (/editFirm/{fid})', () => {
  const path = (id: number | string, query = '') => `/editFirm/${id}${query}`
  /** A POST of the Edit Firm form of the file's firm as a user. */
  const postEditFirm = (cookie: string, fields: FormFields) =>
    post<Reply>(editFirm, cookie, path(fid), { id: String(fid) }, fields)
  const formOf = (firm: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(firm)
        .filter(([key, value]) => key !== 'fid' && value !== null && value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    )

  it('loads the firm and its picklists; a bad or unknown id is the 404 "No such firm."; firm-edit needed', async () => {
    const page = await get<{ firm: { fid: number }; picklists: object; returnTo?: string }>(
      editFirm,
      as('underwriter'),
      path(fid, '?returnTo=%2Fsearch%2Ffirms%2FfirmsSearch%3Fopen%3D1'),
      { id: String(fid) },
    )
    expect(page.body).toMatchObject({ firm: { fid }, returnTo: '/search/firms/firmsSearch?open=1' })
    expect(Object.keys(page.body.firm)).not.toContain('createdAt')
    for (const id of ['abc', '99999999']) {
      const missing = await get(editFirm, as('underwriter'), path(id), { id })
      expect([missing.status, missing.body.message]).toEqual([404, 'No such firm.'])
    }
    const refused = await get(editFirm, as('readonly'), path(fid), { id: String(fid) })
    expect([refused.status, refused.location]).toEqual([302, '/'])
    const refusedPost = await postEditFirm(as('readonly'), { version: 0 })
    expect([refusedPost.status, refusedPost.location]).toEqual([302, '/'])
  })

  it('answers 400 at the fields, 409 with the current firm, else back with the flash', async () => {
    const [firm] = await testDb().select().from(firms).where(eq(firms.fid, fid))
    const fields = formOf({ ...firm, createdAt: undefined, updatedAt: undefined })
    const blank = await postEditFirm(as('underwriter'), { ...fields, sort: '' })
    expectFieldErrors(blank, { sort: [FIELD_REQUIRED] })

    const saved = await postEditFirm(as('underwriter'), {
      ...fields,
      city: 'Savedville',
      returnTo: `/viewFirmNoNote/${fid}`,
    })
    expect([saved.status, saved.location]).toEqual([302, `/viewFirmNoNote/${fid}`])
    expect(saved.flash).toEqual({ message: FIRM_SAVED, kind: 'success' })

    // The same version again: someone saved since. 409 with the firm as it is now (plain, for the form).
    const stale = await postEditFirm(as('admin'), { ...fields, city: 'Loserville' })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatch(/^Someone else saved this record/)
    expect(stale.body.current).toMatchObject({ fid, city: 'Savedville', version: firm!.version + 1 })
    expect(Object.keys(stale.body.current!)).not.toContain('updatedAt')

    // A returnTo to another site is not followed.
    const next = (await testDb().select().from(firms).where(eq(firms.fid, fid)))[0]!
    const offsite = await postEditFirm(as('underwriter'), { ...formOf(next), returnTo: 'https://evil.example/' })
    expect(offsite.location).toBe(`/editFirm/${fid}`)
    const count = await testDb().execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM firms WHERE city = 'Loserville'`,
    )
    expect(count.rows[0]!.n).toBe(0)
  })
})
