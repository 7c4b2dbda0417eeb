import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FILE_TYPES, notes, userAcls } from '#app/db/schema'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { ConflictError } from '#app/models/change-log.server'
import { uploadFirmFiles } from '#app/models/file.server'
import {
  allowedStaff,
  attachNoteFiles,
  copyNote,
  createNote,
  deleteNote,
  getNote,
  listFirmNotes,
  markNoteRead,
  noteFiles,
  noteReadersOf,
  noteRecipientsOf,
  replaceNoteFiles,
  setNoteRecipients,
  takeNote,
  updateNote,
  webPreview,
  type Actor,
} from '#app/models/note.server'
import { testDb } from './db'
import { actorNamed } from './factories'

const FID = 1010
let admin: Actor
let underwriter: Actor
let mkent: Actor

beforeAll(async () => {
  admin = await actorNamed(testDb(), 'admin', true)
  underwriter = await actorNamed(testDb(), 'underwriter')
  mkent = await actorNamed(testDb(), 'mkent')
  // underwriter may give notes to mkent (and not to jrivera) in these tests.
  await testDb().delete(userAcls).where(eq(userAcls.userId, underwriter.id))
  await testDb().insert(userAcls).values({ userId: underwriter.id, allowedUserId: mkent.id })
})

describe('create, copy and delete', () => {
  it('creates a memo NEW NOTE owned by its creator', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    expect(note).toMatchObject({
      type: 'memo',
      re: 'NEW NOTE',
      status: 'normal',
      opener: 'underwriter',
      closer: 'underwriter',
      staff: 'underwriter',
      fid: FID,
    })
    expect(note.tasks).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d underwriter: created$/)
  })

  it('copies with Copy of:, status normal, type memo, and the recipients and files', async () => {
    const source = await createNote(testDb(), { fid: FID }, underwriter)
    const withEmail = await testDb().execute<{ plid: number }>(
      sql`SELECT plid FROM people WHERE fid = ${FID} AND email LIKE '%@%' LIMIT 1`,
    )
    const plid = withEmail.rows[0].plid
    await updateNote(
      testDb(),
      source.nid,
      source.version,
      { re: 'Quote', type: 'email out', status: 'urgent' },
      underwriter,
    )
    await setNoteRecipients(testDb(), source.nid, [{ plid, to: true }], underwriter)
    const [file] = await uploadFirmFiles(
      testDb(),
      FID,
      [
        {
          filename: 'quote.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF'),
          description: 'Quote',
          type: FILE_TYPES.Other,
        },
      ],
      underwriter,
    )
    await attachNoteFiles(testDb(), source.nid, [file.loid], underwriter)

    const copy = await copyNote(testDb(), source.nid, mkent)
    expect(copy).toMatchObject({
      re: 'Copy of: Quote',
      status: 'normal',
      type: 'memo',
      staff: 'mkent',
      frid: source.nid,
    })
    expect((await noteRecipientsOf(testDb(), copy.nid)).map((r) => [r.plid, r.to])).toEqual([[plid, true]])
    expect((await noteFiles(testDb(), copy.nid, { isAdmin: false })).map((f) => f.loid)).toEqual([file.loid])
  })

  it("replaces a note's files in one transaction: a file of another firm changes nothing", async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const upload = (name: string) =>
      uploadFirmFiles(
        testDb(),
        FID,
        [
          {
            filename: name,
            contentType: 'application/pdf',
            data: Buffer.from('%PDF'),
            description: name,
            type: FILE_TYPES.Other,
          },
        ],
        underwriter,
      )
    const [first] = await upload('first.pdf')
    const [second] = await upload('second.pdf')
    await attachNoteFiles(testDb(), note.nid, [first.loid], underwriter)
    const other = await testDb().execute<{ loid: number }>(
      sql`SELECT loid FROM file_links WHERE fid <> ${FID} AND fid IS NOT NULL LIMIT 1`,
    )
    await expect(replaceNoteFiles(testDb(), note.nid, [second.loid, other.rows[0].loid], underwriter)).rejects.toThrow(
      /not files of this firm/,
    )
    expect((await noteFiles(testDb(), note.nid, { isAdmin: false })).map((f) => f.loid)).toEqual([first.loid])
    const replaced = await replaceNoteFiles(testDb(), note.nid, [second.loid], underwriter)
    expect(replaced.map((f) => f.loid)).toEqual([second.loid])
  })

  it('refuses a policy of another firm or a missing person with a message, and applies recipient changes under the lock', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const other = await testDb().execute<{ pid: number }>(sql`SELECT pid FROM policies WHERE fid <> ${FID} LIMIT 1`)
    await expect(updateNote(testDb(), note.nid, note.version, { pid: other.rows[0].pid }, underwriter)).rejects.toThrow(
      /is not a policy of this firm/,
    )
    await expect(updateNote(testDb(), note.nid, note.version, { plid: 2_000_000_000 }, underwriter)).rejects.toThrow(
      'There is no person 2000000000.',
    )
    await expect(createNote(testDb(), { fid: FID, pid: other.rows[0].pid }, underwriter)).rejects.toThrow(
      /is not a policy of this firm/,
    )
    const withEmail = await testDb().execute<{ plid: number }>(
      sql`SELECT plid FROM people WHERE fid = ${FID} AND email LIKE '%@%' ORDER BY plid LIMIT 2`,
    )
    const [a, b] = withEmail.rows.map((row) => row.plid)
    await setNoteRecipients(testDb(), note.nid, [{ plid: a, to: true }], underwriter)
    // Two additions at once: each is applied to the rows read under the note's lock, so both stay.
    await Promise.all([
      setNoteRecipients(testDb(), note.nid, (current) => [...current, { plid: b, cc: true }], underwriter, {
        bumpVersion: true,
      }),
      setNoteRecipients(
        testDb(),
        note.nid,
        (current) => current.map((row) => (row.plid === a ? { ...row, bcc: true } : row)),
        underwriter,
        { bumpVersion: true },
      ),
    ])
    expect((await noteRecipientsOf(testDb(), note.nid)).map((r) => [r.plid, r.to, r.cc, r.bcc]).sort()).toEqual(
      [
        [a, true, false, true],
        [b, false, true, false],
      ].sort(),
    )
    expect((await getNote(testDb(), note.nid, underwriter))?.version).toBe(note.version + 2)
  })

  it('deletes only for admins, with recipients and files', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await expect(deleteNote(testDb(), note.nid, underwriter)).rejects.toThrow(NOTE_MESSAGES.deleteAdminOnly)
    await deleteNote(testDb(), note.nid, admin)
    expect(await getNote(testDb(), note.nid, { isAdmin: true })).toBeNull()
  })
})

describe('update rules', () => {
  it('refuses a non-owner, names the owner, and lets an admin edit regardless', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await expect(updateNote(testDb(), note.nid, note.version, { re: 'Mine now' }, mkent)).rejects.toThrow(
      'underwriter has this note',
    )
    const saved = await updateNote(testDb(), note.nid, note.version, { re: 'Admin edit' }, admin)
    expect(saved.re).toBe('Admin edit')
    expect(saved.staff).toBe('underwriter')
  })

  it('refuses inline edits of closed and incoming notes for non-admins, not for admins', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const done = await updateNote(testDb(), note.nid, note.version, { status: 'done' }, underwriter)
    expect(done.tasks!.split('\n')[0]).toMatch(/underwriter: status done$/)
    await expect(
      updateNote(testDb(), note.nid, done.version, { re: 'x' }, underwriter, { inline: true }),
    ).rejects.toThrow(NOTE_MESSAGES.closedRefused)
    const reopened = await updateNote(testDb(), note.nid, done.version, { status: 'normal' }, admin, { inline: true })
    await testDb().update(notes).set({ type: 'email in' }).where(eq(notes.nid, note.nid))
    await expect(
      updateNote(testDb(), note.nid, reopened.version, { re: 'x' }, underwriter, { inline: true }),
    ).rejects.toThrow(NOTE_MESSAGES.incomingRefused)
    expect(
      (await updateNote(testDb(), note.nid, reopened.version, { re: 'by admin' }, admin, { inline: true })).re,
    ).toBe('by admin')
  })

  it('changes the date only for status, memo and email out, and keeps incoming types for admins', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const dated = new Date('2026-01-02T15:00:00Z')
    const moved = await updateNote(testDb(), note.nid, note.version, { dated }, underwriter)
    expect(moved.dated.toISOString()).toBe(dated.toISOString())
    const tel = await updateNote(testDb(), note.nid, moved.version, { type: 'tel out' }, underwriter)
    await expect(
      updateNote(testDb(), note.nid, tel.version, { dated: new Date('2026-02-02T15:00:00Z') }, underwriter),
    ).rejects.toThrow(NOTE_MESSAGES.dateRefused)
    await expect(updateNote(testDb(), note.nid, tel.version, { type: 'fax in' }, underwriter)).rejects.toThrow(
      NOTE_MESSAGES.typeRefused,
    )
    expect((await updateNote(testDb(), note.nid, tel.version, { type: 'fax in' }, admin)).type).toBe('fax in')
  })

  it('gives a note only to ACL users, sets closer and logs took from / gave to', async () => {
    expect(await allowedStaff(testDb(), underwriter)).toEqual(['mkent', 'underwriter'])
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await expect(updateNote(testDb(), note.nid, note.version, { staff: 'jrivera' }, underwriter)).rejects.toThrow(
      'jrivera is not one of the users you may give notes to.',
    )
    const given = await updateNote(testDb(), note.nid, note.version, { staff: 'MKENT' }, underwriter)
    expect(given).toMatchObject({ staff: 'mkent', closer: 'underwriter' })
    expect(given.tasks!.split('\n')[0]).toMatch(/ underwriter: gave to mkent$/)
    // Now read-only for underwriter.
    await expect(updateNote(testDb(), note.nid, given.version, { re: 'x' }, underwriter)).rejects.toThrow(
      'mkent has this note',
    )
    // An admin moving it between two others writes both names.
    const moved = await updateNote(testDb(), note.nid, given.version, { staff: 'jrivera' }, admin)
    expect(moved.tasks!.split('\n')[0]).toMatch(/ admin: took from mkent \/ gave to jrivera$/)
    expect(moved.closer).toBe('mkent')
  })

  it('answers a lost race with a ConflictError carrying the current note', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await updateNote(testDb(), note.nid, note.version, { re: 'First' }, underwriter)
    const error = await updateNote(testDb(), note.nid, note.version, { re: 'Second' }, underwriter).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as ConflictError<{ re: string }>).current.re).toBe('First')
    expect((error as Error).message).toBe(NOTE_MESSAGES.conflict)
  })

  it('stores and returns HTML bodies without scripts, handlers, javascript: links, styles, svg or iframes', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const evil =
      '<p onclick="alert(1)">Hi<script>alert(2)</script></p><a href="javascript:alert(3)">x</a><style>p{}</style><svg onload="alert(4)"><circle/></svg><iframe src="https://evil.example"></iframe><img src=x onerror="alert(5)"><b>ok</b>'
    const saved = await updateNote(testDb(), note.nid, note.version, { note: evil, html: true }, underwriter)
    const [stored] = await testDb().select({ note: notes.note }).from(notes).where(eq(notes.nid, note.nid))
    for (const body of [stored.note!, saved.note!]) {
      expect(body).not.toMatch(/script|onclick|onload|onerror|javascript:|<style|<svg|<iframe|<img/i)
      expect(body).toContain('<b>ok</b>')
    }
    // Even a row written around the model is sanitised on the way out.
    await testDb().update(notes).set({ note: '<p>x</p><script>alert(1)</script>' }).where(eq(notes.nid, note.nid))
    expect((await getNote(testDb(), note.nid, { isAdmin: false }))!.note).toBe('<p>x</p>')
  })
})

describe('ownership hand-offs', () => {
  it('takes an open note with a took from line; refuses closed notes to non-admins', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const taken = await takeNote(testDb(), note.nid, mkent, { opened: true })
    expect(taken).toMatchObject({ staff: 'mkent', closer: 'underwriter' })
    expect(taken.tasks!.split('\n')[0]).toMatch(/ mkent: took from underwriter$/)
    expect(taken.ostamp).not.toBeNull()
    const done = await updateNote(testDb(), note.nid, taken.version, { status: 'done' }, mkent)
    await expect(takeNote(testDb(), note.nid, underwriter)).rejects.toThrow('mkent has this note')
    expect((await takeNote(testDb(), note.nid, admin, { version: done.version })).staff).toBe('admin')
  })
})

describe('lists, readers', () => {
  it('lists a firm notes by mode, hides admin notes from non-admins, and pages', async () => {
    const all = await listFirmNotes(testDb(), { fid: FID, mode: 'All', isAdmin: true, page: 1, perPage: 1000 })
    const visible = await listFirmNotes(testDb(), { fid: FID, mode: 'All', isAdmin: false, page: 1, perPage: 1000 })
    expect(visible.result.every((n) => n.type !== 'admin')).toBe(true)
    expect(all.count).toBeGreaterThanOrEqual(visible.count)
    const active = await listFirmNotes(testDb(), { fid: FID, mode: 'Active', isAdmin: false, page: 1, perPage: 1000 })
    expect(active.result.every((n) => n.status !== 'done' && n.status !== 'cancel')).toBe(true)
    const open = await listFirmNotes(testDb(), { fid: FID, mode: 'Open', isAdmin: false, page: 1, perPage: 1000 })
    expect(open.result.every((n) => !['done', 'cancel', 'archive'].includes(n.status))).toBe(true)
    const status = await listFirmNotes(testDb(), {
      fid: FID,
      mode: 'Status',
      status: 'done',
      isAdmin: false,
      page: 1,
      perPage: 1000,
    })
    expect(status.result.every((n) => n.status === 'done')).toBe(true)
    const page = await listFirmNotes(testDb(), { fid: FID, mode: 'All', isAdmin: false, page: 2, perPage: 2 })
    expect(page.result.map((n) => n.nid)).toEqual(visible.result.slice(2, 4).map((n) => n.nid))
    const cstamps = visible.result.map((n) => n.cstamp.getTime())
    expect([...cstamps].sort((a, b) => b - a)).toEqual(cstamps)
  })

  it('web preview spans 6 months before to 1 day after the chosen note', async () => {
    const { result } = await listFirmNotes(testDb(), { fid: FID, mode: 'All', isAdmin: false, page: 1, perPage: 1000 })
    const chosen = result[Math.floor(result.length / 2)]
    const window = await webPreview(testDb(), chosen.nid, { isAdmin: false })
    expect(window.map((n) => n.nid)).toContain(chosen.nid)
    const from = new Date(chosen.dated)
    from.setMonth(from.getMonth() - 6)
    for (const n of window) {
      expect(n.dated.getTime()).toBeGreaterThanOrEqual(from.getTime() - 86_400_000)
      expect(n.dated.getTime()).toBeLessThanOrEqual(chosen.dated.getTime() + 86_400_000)
    }
  })

  it('marks a note read once per user, refreshing the time', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await markNoteRead(testDb(), note.nid, 'mkent')
    await markNoteRead(testDb(), note.nid, 'mkent')
    expect((await noteReadersOf(testDb(), note.nid)).map((r) => r.uname)).toEqual(['mkent'])
  })

  it('refuses recipients without an email', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const none = await testDb().execute<{ plid: number }>(sql`SELECT plid FROM people WHERE email IS NULL LIMIT 1`)
    if (none.rows.length === 0) return
    await expect(
      setNoteRecipients(testDb(), note.nid, [{ plid: none.rows[0].plid, to: true }], underwriter),
    ).rejects.toThrow('Recipients need an email address')
  })
})
