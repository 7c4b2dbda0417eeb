import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FILE_TYPES, notes, people, policies, userAcls } from '#app/db/schema'
import { PICKER_POLICY_STATUSES, NOTE_MESSAGES } from '#app/domain/notes'
import { ConflictError } from '#app/models/change-log.server'
import { firmFiles, uploadNoteFiles } from '#app/models/file.server'
import { letterTemplate, letterTemplates } from '#app/models/letter.server'
import {
  allowedUsersOf,
  enabledUsers,
  pickerPolicies,
  policyLabel,
  recipientCandidates,
  recipientPeople,
  saveNoteAndRecipients,
  userEmail,
} from '#app/models/note-editor.server'
import { createNote, getNote, noteFiles, noteRecipientsOf, type Actor } from '#app/models/note.server'
import { testDb } from './db'
import { actorNamed } from './factories'

const FID = 1020
let underwriter: Actor
let mkent: Actor
let admin: Actor

async function firmPersonWithEmail(fid = FID) {
  const [row] = await testDb()
    .select({ plid: people.plid, email: people.email })
    .from(people)
    .where(sql`${people.fid} = ${fid} AND ${people.email} LIKE '%@%'`)
    .limit(1)
  return row
}

beforeAll(async () => {
  underwriter = await actorNamed(testDb(), 'underwriter')
  mkent = await actorNamed(testDb(), 'mkent')
  admin = await actorNamed(testDb(), 'admin', true)
})

describe('recipient search (spec 2 §5)', () => {
  it('needs 2 characters and lists only named people, firm people only with an email, the note’s firm first', async () => {
    expect(await recipientCandidates(testDb(), { search: 'a' })).toEqual([])
    const [member] = await testDb()
      .insert(people)
      .values({ fid: FID, given: 'Quillon', surname: 'Zyxwv', email: 'quillon@zyxwv.example' })
      .returning()
    const [noEmail] = await testDb()
      .insert(people)
      .values({ fid: FID, given: 'Quillon', surname: 'Zyxwvno' })
      .returning()
    const [loose] = await testDb().insert(people).values({ given: 'Quillon', surname: 'Zyxwvloose' }).returning()
    const [other] = await testDb()
      .insert(people)
      .values({ fid: 1021, given: 'Quillon', surname: 'Aazyxwv', email: 'q@aazyxwv.example' })
      .returning()
    const found = await recipientCandidates(testDb(), { search: 'quillon zyxwv', fid: FID })
    const plids = found.map((person) => person.plid)
    expect(plids).toContain(member.plid)
    expect(plids).toContain(loose.plid)
    expect(plids).toContain(other.plid)
    expect(plids).not.toContain(noEmail.plid)
    // The note's own firm comes before a surname that sorts first.
    expect(plids.indexOf(member.plid)).toBeLessThan(plids.indexOf(other.plid))
    expect(found.find((person) => person.plid === member.plid)).toMatchObject({
      name: 'Quillon Zyxwv',
      email: 'quillon@zyxwv.example',
    })
    expect(await recipientCandidates(testDb(), { search: '%%' })).toEqual([])
    expect((await recipientPeople(testDb(), [member.plid, -1])).map((person) => person.plid)).toEqual([member.plid])
  })
})

describe('save note and recipients together', () => {
  it('saves fields and recipients in one go, and a recipients-only change still bumps the version', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const person = await firmPersonWithEmail()
    const saved = await saveNoteAndRecipients(
      testDb(),
      note.nid,
      note.version,
      { re: 'Quote', to: person.email },
      [{ plid: person.plid, to: true }],
      underwriter,
    )
    expect(saved).toMatchObject({ re: 'Quote', to: person.email, version: note.version + 1 })
    expect((await noteRecipientsOf(testDb(), note.nid)).map((row) => [row.plid, row.to])).toEqual([[person.plid, true]])

    // The person moved to cc, then the same list saved again.
    const ccPerson = (version: number) =>
      saveNoteAndRecipients(testDb(), note.nid, version, {}, [{ plid: person.plid, cc: true }], underwriter)
    const again = await ccPerson(saved.version)
    expect(again.version).toBe(saved.version + 1)
    const same = await ccPerson(again.version)
    expect(same.version).toBe(again.version)
  })

  it('refuses a stale version with the current note, whatever changed, and writes nothing', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await saveNoteAndRecipients(testDb(), note.nid, note.version, { re: 'First' }, undefined, underwriter)
    const person = await firmPersonWithEmail()
    const attempt = saveNoteAndRecipients(
      testDb(),
      note.nid,
      note.version,
      { re: 'Second' },
      [{ plid: person.plid, to: true }],
      underwriter,
    )
    await expect(attempt).rejects.toBeInstanceOf(ConflictError)
    await expect(saveNoteAndRecipients(testDb(), note.nid, note.version, {}, undefined, underwriter)).rejects.toThrow(
      NOTE_MESSAGES.conflict,
    )
    expect((await getNote(testDb(), note.nid, { isAdmin: false }))?.re).toBe('First')
    expect(await noteRecipientsOf(testDb(), note.nid)).toEqual([])
  })

  it('rolls the note back when a recipient is refused (no partial write)', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const [noEmail] = await testDb().insert(people).values({ fid: FID, surname: 'Noemailperson' }).returning()
    await expect(
      saveNoteAndRecipients(
        testDb(),
        note.nid,
        note.version,
        { re: 'Should not stay' },
        [{ plid: noEmail.plid, to: true }],
        underwriter,
      ),
    ).rejects.toThrow(/need an email/)
    const after = await getNote(testDb(), note.nid, { isAdmin: false })
    expect(after).toMatchObject({ re: 'NEW NOTE', version: note.version })
  })

  it('keeps the owner rule: another user is refused, an admin is not', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    await expect(saveNoteAndRecipients(testDb(), note.nid, note.version, { re: 'Mine' }, [], mkent)).rejects.toThrow(
      'underwriter has this note',
    )
    const saved = await saveNoteAndRecipients(testDb(), note.nid, note.version, { re: 'Admin' }, [], admin)
    expect(saved.re).toBe('Admin')
  })
})

describe('editor choices', () => {
  it('offers the firm’s policies in Book, dncLost, Lost, Past, Tail only', async () => {
    const [firm] = await testDb()
      .execute<{ fid: number }>(
        sql`SELECT fid FROM policies GROUP BY fid HAVING count(DISTINCT status) > 2 ORDER BY fid LIMIT 1`,
      )
      .then((result) => result.rows)
    const offered = await pickerPolicies(testDb(), firm.fid)
    const all = await testDb()
      .select({ pid: policies.pid, status: policies.status })
      .from(policies)
      .where(eq(policies.fid, firm.fid))
    const expected = all
      .filter((row) => (PICKER_POLICY_STATUSES as readonly string[]).includes(row.status))
      .map((row) => row.pid)
      .sort()
    expect(offered.map((row) => row.pid).sort()).toEqual(expected)
    expect(offered.every((row) => (PICKER_POLICY_STATUSES as readonly string[]).includes(row.status))).toBe(true)
    if (offered[0]) expect(policyLabel(offered[0])).toContain(`(${offered[0].status})`)
    expect(await pickerPolicies(testDb(), null)).toEqual([])
  })

  it('lists enabled users, a user’s email and the ACL', async () => {
    const names = (await enabledUsers(testDb())).map((row) => row.username)
    expect(names).toContain('mkent')
    expect(names).not.toContain('lformer')
    expect(await userEmail(testDb(), 'UNDERWRITER')).toMatchObject({
      username: 'underwriter',
      email: 'underwriter@mga-desk.example',
      long_name: 'Ellen Brooks',
      signer: true,
    })
    expect(await userEmail(testDb(), 'nobody-here')).toBeNull()
    await testDb().delete(userAcls).where(eq(userAcls.userId, underwriter.id))
    await testDb()
      .insert(userAcls)
      .values([{ userId: underwriter.id, allowedUserId: mkent.id }])
    expect(await allowedUsersOf(testDb(), underwriter.id)).toMatchObject({
      username: 'underwriter',
      allowed_users: [{ username: 'mkent', long_name: 'Margaret Kent' }],
    })
    expect(await allowedUsersOf(testDb(), 2 ** 31 - 2)).toBeNull()
  })

  it('serves the letter templates of the letters list', async () => {
    const letters = await letterTemplates(testDb())
    expect(letters.map((letter) => letter.name)).toContain('Renewal reminder')
    expect(letters.every((letter) => letter.body.includes('{salutation}'))).toBe(true)
    expect(await letterTemplate(testDb(), letters[0].id)).toEqual(letters[0])
    expect(await letterTemplate(testDb(), 1)).toBeNull()
  })
})

describe('note files', () => {
  it('uploads files to a note after its existing ones, not to the firm', async () => {
    const note = await createNote(testDb(), { fid: FID }, underwriter)
    const before = (await firmFiles(testDb(), FID, { isAdmin: true })).length
    const created = await uploadNoteFiles(
      testDb(),
      note.nid,
      [
        {
          filename: 'letter.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4'),
          description: 'Signed letter',
          type: FILE_TYPES.Other,
        },
        {
          filename: 'notes.txt',
          contentType: 'text/plain',
          data: Buffer.from('hello'),
          description: 'Notes',
          type: FILE_TYPES.Original,
        },
      ],
      underwriter,
    )
    expect(created.map((file) => file.filename)).toEqual(['letter.pdf', 'notes.txt'])
    const files = await noteFiles(testDb(), note.nid, { isAdmin: false })
    expect(files.map((file) => [file.filename, file.file_description, file.size])).toEqual([
      ['letter.pdf', 'Signed letter', 8],
      ['notes.txt', 'Notes', 5],
    ])
    expect((await firmFiles(testDb(), FID, { isAdmin: true })).length).toBe(before)
    await expect(uploadNoteFiles(testDb(), 2 ** 31 - 2, [], underwriter)).rejects.toThrow(/No such note/)
    const [row] = await testDb().select({ cstamp: notes.cstamp }).from(notes).where(eq(notes.nid, note.nid))
    expect(row.cstamp).toBeInstanceOf(Date)
  })
})
