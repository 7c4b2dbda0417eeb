import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CurrentUser } from '#app/auth/guard.server'
import { loadNotesTab, toDateTimeLocal, type NoteActionResult } from '#app/features/notes/notes-tab.server'
import * as popupTab from '#app/routes/viewFirmNoNote.$id_.$tablesProp'
import { cookieFor, get, post } from './route-calls'
import { tranlogs, users } from '#app/db/schema'
import { NOTE_MESSAGES, NOTE_STATUS_LIST } from '#app/domain/notes'
import { DEFAULT_MODE_FROM_NOTE, DEFAULT_MODE_FROM_SEARCH } from '#app/domain/notes-tab'
import { NOTE_SORT_KEYS } from '#app/domain/notes-tab'
import {
  NOTE_SORT_COLUMNS,
  createNote,
  getNote,
  listFirmNotes,
  listFirmNoteRowsBatch,
  listFirmNotesBatch,
  markNoteRead,
  noteDetailLists,
  noteFiles,
  noteReadersOf,
  noteRecipientsOf,
  updateNote,
} from '#app/models/note.server'
import {
  expandStatuses,
  noteChangesOf,
  noteCreateBodySchema,
  noteSearchBodySchema,
  noteUpdateBodySchema,
} from '#app/schemas/notes-api'
import { inlineEditSchema, readNotesTabParams } from '#app/schemas/notes-tab'
import { testDb } from './db'

/** A firm with more than one batch of notes: 1150 notes, cstamp one minute apart, newest last inserted. */
const BIG_FID = 1033
const EXTRA = 1150

beforeAll(async () => {
  await testDb().execute(sql`
    INSERT INTO notes (fid, type, status, staff, opener, re, stamp, cstamp, dated)
    SELECT ${BIG_FID}, CASE WHEN g % 2 = 0 THEN 'memo' ELSE 'tel in' END, CASE WHEN g % 3 = 0 THEN 'done' ELSE 'normal' END,
           'mkent', 'mkent', 'Batch note ' || lpad(g::text, 4, '0'),
           now() + (g || ' minutes')::interval, now() + (g || ' minutes')::interval, now() - (g || ' hours')::interval
    FROM generate_series(1, ${EXTRA}) AS g`)
})

/** A batch page of the big firm's notes as an admin: by default All, batch 1, page 1. */
const bigBatch = (query: Partial<Parameters<typeof listFirmNotesBatch>[1]> = {}) =>
  listFirmNotesBatch(testDb(), { fid: BIG_FID, mode: 'All', batch: 1, page: 1, isAdmin: true, ...query })

/** The Notes tab's inline row form of a note as read (underwriter's, no due date) with what was typed. */
const inlineForm = (note: { nid: number; version: number }, typed: Record<string, string>) => ({
  intent: 'note-inline',
  nid: note.nid,
  version: note.version,
  staff: 'underwriter',
  due: '',
  ...typed,
})

describe('listFirmNotesBatch: batches of 1000 by last change, pages of 100 in the chosen sort', () => {
  it('cuts the notes into batches by cstamp, newest first, and pages within the batch', async () => {
    const first = await bigBatch()
    expect(first.count).toBeGreaterThanOrEqual(EXTRA)
    expect(first.result).toHaveLength(100)
    expect(first.result[0].re).toBe(`Batch note ${EXTRA}`)
    const tenth = await bigBatch({ page: 10 })
    expect(tenth.result.at(-1)!.re).toBe(`Batch note ${String(EXTRA - 999).padStart(4, '0')}`)
    const second = await bigBatch({ batch: 2 })
    expect(second.result[0].re).toBe(`Batch note ${String(EXTRA - 1000).padStart(4, '0')}`)
    expect(second.result.length).toBe(Math.min(100, first.count - 1000))
  })

  it('sorts within the batch only: re ascending in batch 1 starts at the batch oldest note', async () => {
    const sorted = await bigBatch({ sortBy: 're', desc: false })
    expect(sorted.result[0].re).toBe(`Batch note ${String(EXTRA - 999).padStart(4, '0')}`)
    const res = sorted.result.map((note) => note.re ?? '')
    expect([...res].sort()).toEqual(res)
  })

  it('applies the mode and the search', async () => {
    const active = await bigBatch({ mode: 'Active' })
    expect(active.result.every((note) => note.status !== 'done' && note.status !== 'cancel')).toBe(true)
    const found = await bigBatch({ search: 'Batch note 0042' })
    expect(found.result.map((note) => note.re)).toEqual(['Batch note 0042'])
    expect(found.count).toBe(1)
  })

  it("reads the tab's rows (short fields only) as the same notes, batch, page and count", async () => {
    const queries: Partial<Parameters<typeof listFirmNotesBatch>[1]>[] = [
      {},
      { page: 3 },
      { batch: 2 },
      { sortBy: 're', desc: false },
      { sortBy: 'status', page: 2 },
      { mode: 'Active' },
      { search: 'Batch note 004' },
      { isAdmin: false, sortBy: 'dated' },
      { batch: 9, page: 9 },
    ]
    for (const query of queries) {
      const whole = await bigBatch(query)
      const rows = await listFirmNoteRowsBatch(testDb(), {
        fid: BIG_FID,
        mode: 'All',
        batch: 1,
        page: 1,
        isAdmin: true,
        ...query,
      })
      const { result, ...paging } = whole
      expect(rows).toEqual({
        ...paging,
        result: result.map(({ nid, version, type, status, re, staff, opener, dated, cstamp }) => ({
          nid,
          version,
          type,
          status,
          re,
          staff,
          opener,
          dated,
          cstamp,
        })),
      })
    }
    expect(await listFirmNoteRowsBatch(testDb(), { fid: 0, mode: 'All', batch: 1, page: 1, isAdmin: true })).toEqual({
      result: [],
      count: 0,
      page: 1,
      batch: 1,
      batches: 1,
      pages: 1,
    })
  })

  it('has the same sortable columns as the tab', () => {
    expect(Object.keys(NOTE_SORT_COLUMNS).sort()).toEqual([...NOTE_SORT_KEYS].sort())
  })
})

describe("noteDetailLists: a note panel's recipients, files and readers in one statement", () => {
  it('reads the same lists, in the same orders, as the three reads it replaces', async () => {
    const db = testDb()
    // Notes with the most recipients, files and readers, a note with none, and a note read by several.
    const picked = await db.execute<{ nid: number }>(sql`
      (SELECT nid FROM note_recipients GROUP BY nid ORDER BY count(*) DESC, nid LIMIT 3)
      UNION (SELECT nid FROM file_links WHERE nid IS NOT NULL GROUP BY nid ORDER BY count(*) DESC, nid LIMIT 3)
      UNION (SELECT nid FROM note_readers GROUP BY nid ORDER BY count(*) DESC, nid LIMIT 3)
      UNION (SELECT min(nid) FROM notes WHERE nid NOT IN (SELECT nid FROM note_recipients))`)
    const nids = picked.rows.map((row) => Number(row.nid))
    await markNoteRead(db, nids[0]!, 'underwriter')
    await markNoteRead(db, nids[0]!, 'admin')
    await markNoteRead(db, nids[0]!, 'mkent')
    for (const nid of nids)
      for (const isAdmin of [true, false]) {
        const [recipients, files, readers] = await Promise.all([
          noteRecipientsOf(db, nid),
          noteFiles(db, nid, { isAdmin }),
          noteReadersOf(db, nid),
        ])
        const together = await noteDetailLists(db, nid, { isAdmin })
        expect(together.recipients).toEqual(
          recipients.map(({ plid, name, email, to, cc }) => ({ plid, name, email, to, cc })),
        )
        expect(together.files).toEqual(
          files.map(({ loidfid, filename, file_description }) => ({ loidfid, filename, file_description })),
        )
        expect(
          together.readers.map(({ uname, readers_stamp }) => ({ uname, at: new Date(readers_stamp).getTime() })),
        ).toEqual(readers.map(({ uname, readers_stamp }) => ({ uname, at: new Date(readers_stamp).getTime() })))
      }
    expect(nids.length).toBeGreaterThan(3)
  })
})

describe('notes API and tab schemas', () => {
  it('search body: defaults, the 1000 row limit, whitelisted column, Active expands', async () => {
    const parsed = noteSearchBodySchema.parse({ whereObjects: { fid: 1001 } })
    expect(parsed).toMatchObject({ page: 1, perPage: 100, searchcolumn: 'cstamp', sortorder: 'DESC' })
    expect(
      noteSearchBodySchema.safeParse({ perPage: 1001, whereObjects: { fid: 1001 } }).error?.issues[0].message,
    ).toBe('perPage is at most 1000')
    expect(
      noteSearchBodySchema.safeParse({ searchcolumn: 'note; drop table notes', whereObjects: { fid: 1001 } }).success,
    ).toBe(false)
    expect(
      noteSearchBodySchema.parse({ sortorder: 'asc', whereObjects: { fid: 1001, status: 'Active', type: ['memo'] } }),
    ).toMatchObject({ sortorder: 'ASC', whereObjects: { status: ['Active'], type: ['memo'] } })
    // Active is every status but the two closed ones.
    expect(expandStatuses(['Active', 'done'])).toEqual(NOTE_STATUS_LIST.filter((status) => status !== 'cancel'))
    const { result } = await listFirmNotes(testDb(), {
      fid: BIG_FID,
      mode: 'All',
      statuses: expandStatuses(['Active']),
      isAdmin: true,
      page: 1,
      perPage: 1000,
    })
    expect(result.every((note) => note.status !== 'done')).toBe(true)
  })

  it('update body: version required, derived fields ignored, unknown fields refused', () => {
    expect(noteUpdateBodySchema.safeParse({ re: 'x' }).error?.issues[0].message).toBe(
      'version is required (send the version you read)',
    )
    const body = noteUpdateBodySchema.parse({
      version: 3,
      re: 'New',
      nid: 5,
      firm_sort: 'ACME',
      tasks: 'x',
      staff: 'mkent',
    })
    expect(noteChangesOf(body)).toEqual({ re: 'New', staff: 'mkent' })
    expect(noteUpdateBodySchema.safeParse({ version: 3, password: 'x' }).success).toBe(false)
    expect(noteUpdateBodySchema.safeParse({ version: 3, type: 'nonsense' }).success).toBe(false)
  })

  it('create body: {fid} or {copy}', () => {
    expect(noteCreateBodySchema.parse({ fid: 1001 })).toEqual({ fid: 1001 })
    expect(noteCreateBodySchema.parse({ copy: 7 })).toEqual({ copy: 7 })
    expect(noteCreateBodySchema.safeParse({}).success).toBe(false)
  })

  it('tab URL: bad values fall back; an empty nid means none chosen', () => {
    const url = new URL('http://x/?nmode=Bogus&nstatus=urgent&npage=99&nsort=password&nid=&nedit=12')
    expect(readNotesTabParams(url)).toEqual({ nstatus: 'urgent', nid: '', nedit: 12 })
    expect(readNotesTabParams(new URL('http://x/?nmode=Active&nid=44'))).toEqual({ nmode: 'Active', nid: 44 })
  })

  it('inline edit form: type and status from the lists, dates checked', () => {
    const ok = inlineEditSchema.parse({
      nid: '5',
      version: '2',
      type: 'memo',
      status: 'urgent',
      staff: 'mkent',
      re: '',
      due: '',
      dated: '2025-03-04T10:30',
    })
    expect(ok).toMatchObject({ nid: 5, version: 2, re: null, due: null, dated: '2025-03-04T10:30' })
    expect(
      inlineEditSchema.safeParse({ nid: '5', version: '2', type: 'memo', status: 'bogus', staff: 'mkent' }).error
        ?.issues[0].message,
    ).toBe('Choose a status.')
    expect(
      inlineEditSchema.safeParse({
        nid: '5',
        version: '2',
        type: 'memo',
        status: 'normal',
        staff: 'mkent',
        due: '2025-02-30',
      }).success,
    ).toBe(false)
  })
})

// ── The tab's loader and intents (app/features/notes/notes-tab.server.ts) ─────────────────────────

async function currentUser(
  username: string,
  options: { isAdmin?: boolean; scopes?: string[] } = {},
): Promise<CurrentUser> {
  const [row] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  const scopes = options.scopes ?? ['firm-view', 'note-edit']
  return {
    id: row.id,
    username,
    sessionId: 0,
    timedOut: false,
    timeRemainingMs: 60_000,
    timeoutMinutes: 15,
    ipRestrictions: [],
    authGroups: options.isAdmin ? [{ id: 1, name: 'admin' }] : [],
    scopes,
    preferences: {},
    customTheme: null,
    scopeSet: new Set(scopes),
    isAdmin: options.isAdmin ?? false,
  }
}

const TAB_FID = 1034
const tabUrl = (query = '') => new URL(`http://x/viewFirmNoNote/${TAB_FID}/Notes${query ? `?${query}` : ''}`)

describe('Notes tab server: modes, panels and intents', () => {
  let underwriter: CurrentUser
  let mkent: CurrentUser
  let admin: CurrentUser
  beforeAll(async () => {
    underwriter = await currentUser('underwriter')
    mkent = await currentUser('mkent')
    admin = await currentUser('admin', { isAdmin: true })
  })

  it('opens with All from search and Active from a note, with that note expanded', async () => {
    const mine = await createNote(testDb(), { fid: TAB_FID }, underwriter)
    const fromSearch = await loadNotesTab(underwriter, TAB_FID, tabUrl(), { mode: DEFAULT_MODE_FROM_SEARCH })
    expect(fromSearch.mode).toBe('All')
    expect(fromSearch.selected).toBeNull()
    expect(fromSearch.rows.some((row) => row.status === 'done')).toBe(true)
    const fromNote = await loadNotesTab(underwriter, TAB_FID, tabUrl(), { mode: DEFAULT_MODE_FROM_NOTE, nid: mine.nid })
    expect(fromNote.mode).toBe('Active')
    expect(fromNote.rows.every((row) => row.status !== 'done' && row.status !== 'cancel')).toBe(true)
    expect(fromNote.selected).toMatchObject({ nid: mine.nid, tasks: expect.stringContaining('underwriter: created') })
    // An empty nid collapses the note the page started with.
    expect(
      (await loadNotesTab(underwriter, TAB_FID, tabUrl('nid='), { mode: 'Active', nid: mine.nid })).selected,
    ).toBeNull()
    // Another firm's note is never shown here.
    expect((await loadNotesTab(underwriter, 1035, tabUrl(`nid=${mine.nid}`), { mode: 'All' })).selected).toBeNull()
  })

  it('offers batches of 1000 when a firm has more notes, clamping a stale batch or page', async () => {
    const first = await loadNotesTab(underwriter, BIG_FID, new URL('http://x/?nmode=All'), { mode: 'All' })
    expect(first.count).toBeGreaterThan(1000)
    expect([first.batch, first.page, first.rows.length]).toEqual([1, 1, 100])
    const second = await loadNotesTab(underwriter, BIG_FID, new URL('http://x/?nbatch=2&npage=9'), { mode: 'All' })
    expect(second.batch).toBe(2)
    expect(second.page).toBe(Math.ceil((second.count - 1000) / 100))
    expect(second.rows.length).toBeGreaterThan(0)
  })

  it('pages through the firm popup’s route: batches of 1000 by last change, pages of 100, a stale address the last', async () => {
    const cookie = await cookieFor('underwriter')
    const open = (query: string) =>
      get<{ data: { batch: number; page: number; count: number; rows: { nid: number; re: string }[] } }>(
        popupTab,
        cookie,
        `/viewFirmNoNote/${BIG_FID}/Notes?${query}`,
        { id: String(BIG_FID), tablesProp: 'Notes' },
      )
    const first = (await open('nmode=All')).body.data
    expect([first.batch, first.page, first.rows.length]).toEqual([1, 1, 100])
    expect(first.rows[0]!.re).toBe(`Batch note ${EXTRA}`)
    const tenth = (await open('nmode=All&npage=10')).body.data
    expect(tenth.rows).toHaveLength(100)
    const second = (await open('nmode=All&nbatch=2')).body.data
    expect(second.rows[0]!.re).toBe(`Batch note ${String(EXTRA - 1000).padStart(4, '0')}`)
    // Past the end: the last batch, and its last page.
    const stale = (await open('nmode=All&nbatch=9&npage=9')).body.data
    const inLast = first.count - 1000
    expect([stale.batch, stale.page, stale.rows.length]).toEqual([2, Math.ceil(inLast / 100), inLast % 100 || 100])
    // Within a batch, the chosen sort.
    const byRe = (await open('nmode=All&nsort=re&ndesc=0')).body.data
    expect(byRe.rows.map((row) => row.re)).toEqual([...byRe.rows.map((row) => row.re)].sort())
  })

  it('shows the web preview around the chosen note, bodies sanitised', async () => {
    const note = await createNote(testDb(), { fid: TAB_FID }, underwriter)
    await updateNote(
      testDb(),
      note.nid,
      note.version,
      { html: true, note: '<p onclick="x()">Hi<script>alert(1)</script><iframe src="//e"></iframe></p>' },
      underwriter,
    )
    const view = await loadNotesTab(underwriter, TAB_FID, tabUrl(`nmode=Web&nid=${note.nid}`), { mode: 'All' })
    expect(view.web?.chosen).toBe(note.nid)
    const body = view.web!.notes.find((row) => row.nid === note.nid)!.body
    expect(body).toBe('<p>Hi</p>')
    expect(view.rows).toEqual([])
  })

  it('panels: the owner edits; others see "(owner) has this note"; admins are asked to take; delete only for admins', async () => {
    const note = await createNote(testDb(), { fid: TAB_FID }, mkent)
    const own = await loadNotesTab(mkent, TAB_FID, tabUrl(`nedit=${note.nid}`), { mode: 'All' })
    expect(own.panel).toMatchObject({ kind: 'edit', dateEditable: true, values: { staff: 'mkent', re: 'NEW NOTE' } })
    expect((own.panel as { types: string[] }).types).not.toContain('email in')
    const other = await loadNotesTab(underwriter, TAB_FID, tabUrl(`nedit=${note.nid}`), { mode: 'All' })
    expect(other.panel).toMatchObject({ kind: 'refused', title: 'Note Taken', message: 'mkent has this note' })
    const byAdmin = await loadNotesTab(admin, TAB_FID, tabUrl(`nedit=${note.nid}`), { mode: 'All' })
    expect(byAdmin.panel).toMatchObject({
      kind: 'take',
      message: 'mkent has this note',
      question: 'Take note from mkent?',
    })
    expect((await loadNotesTab(underwriter, TAB_FID, tabUrl(`ndelete=${note.nid}`), { mode: 'All' })).panel).toBeNull()
    expect((await loadNotesTab(admin, TAB_FID, tabUrl(`ndelete=${note.nid}`), { mode: 'All' })).panel).toMatchObject({
      kind: 'delete',
      message: NOTE_MESSAGES.deleteWarning,
    })
    const readonly = await currentUser('readonly', { scopes: ['firm-view'] })
    const view = await loadNotesTab(readonly, TAB_FID, tabUrl(`nedit=${note.nid}`), { mode: 'All' })
    expect(view.can).toEqual({ edit: false, delete: false })
    expect(view.panel).toMatchObject({ kind: 'refused' })
  })

  it('the tran log panel lists the note’s sends', async () => {
    const note = await createNote(testDb(), { fid: TAB_FID }, underwriter)
    await testDb().insert(tranlogs).values({ nid: note.nid, type: 'email', status: 'failed', note: '550 rejected' })
    const view = await loadNotesTab(underwriter, TAB_FID, tabUrl(`ntranlog=${note.nid}`), { mode: 'All' })
    expect(view.panel).toMatchObject({
      kind: 'tranlog',
      rows: [{ type: 'email', status: 'failed', sent: '', note: '550 rejected' }],
    })
  })

  it('a save of the note as it is writes nothing: same version, same Last (cstamp)', async () => {
    const note = await createNote(testDb(), { fid: TAB_FID }, underwriter)
    const typed = { re: 'Renewal chase', note: 'First line.\nSecond line.' }
    const saved = await updateNote(testDb(), note.nid, note.version, typed, underwriter)
    const again = await updateNote(testDb(), note.nid, saved.version, typed, underwriter)
    expect({ version: again.version, cstamp: again.cstamp }).toEqual({ version: saved.version, cstamp: saved.cstamp })
  })

  // The tab's intents, posted to the firm popup's route (/viewFirmNoNote/{fid}/Notes) as the signed-in user.
  const params = { id: String(TAB_FID), tablesProp: 'Notes' }
  const send = async (username: string, fields: Record<string, string | number>, query = '') =>
    post<NoteActionResult>(popupTab, await cookieFor(username), `/viewFirmNoNote/${TAB_FID}/Notes${query}`, params, {
      fid: TAB_FID,
      ...fields,
    })

  it('inline edit: saves with the spec message, keeps an unchanged date, refuses a closed note, and answers a lost race with the current note', async () => {
    const note = await createNote(testDb(), { fid: TAB_FID }, underwriter)
    const values = inlineForm(note, {
      type: 'tel out',
      status: 'urgent',
      re: 'Called',
      dated: toDateTimeLocal(note.dated),
    })
    const saved = await send('underwriter', values, `?nedit=${note.nid}`)
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(`/viewFirmNoNote/${TAB_FID}/Notes?nid=${note.nid}`)
    const after = await getNote(testDb(), note.nid, { isAdmin: false })
    expect(after).toMatchObject({ type: 'tel out', status: 'urgent', re: 'Called' })
    expect(after!.dated.getTime()).toBe(note.dated.getTime())

    // The same form again: its version is stale now.
    const stale = await send('underwriter', { ...values, re: 'Stale' })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      intent: 'note-inline',
      nid: note.nid,
      error: NOTE_MESSAGES.conflict,
      current: { re: 'Called', status: 'urgent' },
    })
    expect(stale.body.refused).toBeUndefined()

    // A date change on a type whose date is fixed.
    const dated = await send('underwriter', { ...values, version: after!.version, dated: '2020-01-01T09:00' })
    expect(dated.status).toBe(400)
    expect(dated.body.error).toBe(NOTE_MESSAGES.dateRefused)

    // A refused field: Conform's answer at the field (the open edit row shows it).
    const long = await send('underwriter', { ...values, version: after!.version, re: 'x'.repeat(501) })
    expect(long.status).toBe(400)
    expect(long.body.error).toBe('Re is at most 500 characters.')
    expect(long.body.result?.error).toMatchObject({ re: ['Re is at most 500 characters.'] })

    await updateNote(testDb(), note.nid, after!.version, { status: 'done' }, underwriter)
    const done = (await getNote(testDb(), note.nid, { isAdmin: false }))!
    const closed = await send('underwriter', { ...values, version: done.version, status: 'normal' })
    expect(closed.status).toBe(403)
    expect(closed.body).toMatchObject({ error: NOTE_MESSAGES.closedRefused, nid: note.nid })
  })

  it('a lost race to a take-over says the note is no longer the user’s', async () => {
    const note = await createNote(testDb(), { fid: TAB_FID }, underwriter)
    const taken = await send('admin', { intent: 'note-take', nid: note.nid, version: note.version })
    expect(taken.status).toBe(302)
    expect(taken.location).toBe(`/viewFirmNoNote/${TAB_FID}/Notes?nedit=${note.nid}`)
    const lost = await send('underwriter', inlineForm(note, { type: 'memo', status: 'normal', re: 'Late' }))
    expect(lost.status).toBe(409)
    expect(lost.body).toMatchObject({
      current: { staff: 'admin' },
      refused: { title: 'Note Taken', message: 'admin has this note' },
    })
    // A take on a version that changed since the confirmation was shown: 409, nothing taken.
    const again = await send('admin', { intent: 'note-take', nid: note.nid, version: note.version })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ error: NOTE_MESSAGES.conflict, nid: note.nid })
  })

  it('create, copy, take and delete check their rights', async () => {
    const refusedCreate = await send('readonly', { intent: 'note-create' })
    expect(refusedCreate.status).toBe(403)
    expect(refusedCreate.body).toEqual({
      intent: 'note-create',
      error: 'You do not have permission to create notes.',
    })
    const created = await send('underwriter', { intent: 'note-create', js: '1' })
    const nid = created.body.created!
    expect((await getNote(testDb(), nid, { isAdmin: false }))?.re).toBe('NEW NOTE')
    const plain = await send('underwriter', { intent: 'note-create' })
    expect(plain.location).toMatch(/^\/editNoteEmail\/\d+$/)

    expect((await send('readonly', { intent: 'note-copy', nid })).body.error).toBe(
      'You do not have permission to copy notes.',
    )
    const copy = await send('mkent', { intent: 'note-copy', nid }, `?nedit=${nid}&nq=x`)
    const copyNid = Number(new URL(copy.location!, 'http://x').searchParams.get('nid'))
    expect(copy.location).not.toContain('nedit=')
    expect(await getNote(testDb(), copyNid, { isAdmin: false })).toMatchObject({
      re: 'Copy of: NEW NOTE',
      staff: 'mkent',
      type: 'memo',
      status: 'normal',
    })

    // Take without take-over: refused with who holds the note.
    const take = await send('mkent', { intent: 'note-take', nid })
    expect(take.status).toBe(403)
    expect(take.body.error).toBe('underwriter has this note')
    const refusedDelete = await send('underwriter', { intent: 'note-delete', nid })
    expect(refusedDelete.status).toBe(403)
    expect(refusedDelete.body.error).toBe(NOTE_MESSAGES.deleteAdminOnly)
    const deleted = await send('admin', { intent: 'note-delete', nid }, `?nid=${nid}&ndelete=${nid}`)
    expect(deleted.location).toBe(`/viewFirmNoNote/${TAB_FID}/Notes?nid=`)
    expect(await getNote(testDb(), nid, { isAdmin: true })).toBeNull()
    const bad = await send('mkent', { intent: 'note-copy', nid: 'abc' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Pick a note first.')
    // A note of another firm is not this tab's to take.
    const elsewhere = await createNote(testDb(), { fid: 1035 }, underwriter)
    const wrongFirm = await send('admin', { intent: 'note-take', nid: elsewhere.nid })
    expect(wrongFirm.status).toBe(404)
    expect(wrongFirm.body.error).toBe(NOTE_MESSAGES.loadFailed)
  })
})
