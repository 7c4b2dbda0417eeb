import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { changeLog, claims, contacts, people } from '#app/db/schema'
import { describeTypes, fromTildeList } from '#app/domain/contact-types'
import { ConflictError } from '#app/models/change-log.server'
import {
  ContactInUseError,
  contactsByFirm,
  contactsOfType,
  contactsOfTypes,
  createContact,
  deleteContact,
  getContact,
  searchContacts,
  unlinkPerson,
  updateContact,
} from '#app/models/contact.server'
import {
  contactFormSchema,
  contactPutSchema,
  CONTACT_REQUIRED,
  EXT_NOT_DIGITS,
  EXT_TOO_LONG,
  SORT_TOO_LONG,
  EMAIL_INVALID,
} from '#app/schemas/contact'
import { testDb } from './db'

const values = (overrides: Record<string, unknown> = {}) => {
  const parsed = contactFormSchema.parse({
    name1: 'Test Adjusting Co',
    sort: 'TESTADJ',
    type: ['Adjuster', 'Panel'],
    phone: '(303) 555-0100',
    ...overrides,
  })
  const { version: _v, returnTo: _r, people: rows, ...rest } = parsed
  return { values: rest, rows }
}

describe('contact schema', () => {
  it('gives the spec messages and stores types tilde-prefixed, phones as digits', () => {
    const bad = contactFormSchema.safeParse({
      sort: 'ELEVENCHARS',
      email: 'nope',
      people: [{ ext: '12a' }, { surname: 'X', ext: '12345678901' }],
    })
    expect(bad.success).toBe(false)
    const messages = Object.fromEntries(bad.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))
    expect(messages).toMatchObject({
      name1: CONTACT_REQUIRED,
      type: CONTACT_REQUIRED,
      sort: SORT_TOO_LONG,
      email: EMAIL_INVALID,
      'people.0.surname': CONTACT_REQUIRED,
      'people.0.ext': EXT_NOT_DIGITS,
      'people.1.ext': EXT_TOO_LONG,
    })
    const { values: good } = values()
    expect(good.type).toBe('~Adjuster~Panel')
    expect(good.phone).toBe('3035550100')
    // The API accepts the stored form too, and the round trip keeps the list.
    const put = contactPutSchema.parse({ name1: 'A', sort: 'A', type: '~Panel~Adjuster', version: '3' })
    expect(fromTildeList(put.type)).toEqual(['Panel', 'Adjuster'])
    expect(describeTypes(put.type)).toBe('Panel, Adjuster')
  })
})

describe('contacts', () => {
  it('creates with a person, edits, skips a no-op save, refuses a stale version', async () => {
    const { values: base, rows } = values({
      people: [{ surname: 'Quill', given: 'Ada', direct: '(212) 555-0199', ext: '12' }],
    })
    const created = await createContact(testDb(), base, rows, 1)
    expect(created.type).toBe('~Adjuster~Panel')
    expect(created.people).toHaveLength(1)
    expect(created.people[0]).toMatchObject({ surname: 'Quill', direct: '2125550199', ext: '12', cid: created.cid })

    const person = created.people[0]
    const edit = values({
      city: 'Denver',
      people: [
        {
          ...person,
          plid: String(person.plid),
          version: String(person.version),
          given: 'Ada B.',
          direct: '2125550199',
        },
        { surname: 'Newrow' },
      ],
    })
    const saved = await updateContact(testDb(), created.cid, created.version, edit.values, edit.rows, 1)
    expect(saved.changed).toBe(true)
    expect(saved.contact.version).toBe(created.version + 1)
    expect(saved.contact.city).toBe('Denver')
    expect(saved.contact.people.map((p) => p.surname).sort()).toEqual(['Newrow', 'Quill'])
    expect(saved.contact.people.find((p) => p.surname === 'Quill')!.given).toBe('Ada B.')

    const same = saved.contact.people.map((p) => ({ ...p, plid: String(p.plid), version: String(p.version) }))
    const noop = await updateContact(
      testDb(),
      created.cid,
      saved.contact.version,
      values({ city: 'Denver', people: same }).values,
      values({ people: same }).rows,
      1,
    )
    expect(noop.changed).toBe(false)
    expect(noop.contact.version).toBe(saved.contact.version)

    const stale = updateContact(testDb(), created.cid, created.version, values({ city: 'Boulder' }).values, [], 1)
    await expect(stale).rejects.toBeInstanceOf(ConflictError)
    const conflict = await stale.then(
      () => null,
      (error: ConflictError<{ city: string }>) => error.current,
    )
    expect(conflict?.city).toBe('Denver')
    expect((await getContact(testDb(), created.cid))!.city).toBe('Denver')

    const log = await testDb()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entity, 'contact'), eq(changeLog.entityId, String(created.cid))))
    expect(log.map((row) => row.action).sort()).toEqual(['create', 'update'])
  })

  it('unlinks a person (cid set to null, the person stays) and deletes an unreferenced contact', async () => {
    const { values: base, rows } = values({ sort: 'UNLINK', people: [{ surname: 'Stays' }] })
    const created = await createContact(testDb(), base, rows, 1)
    const plid = created.people[0].plid
    expect(await unlinkPerson(testDb(), created.cid + 1, plid, 1)).toBeNull()
    const unlinked = await unlinkPerson(testDb(), created.cid, plid, 1)
    expect(unlinked).toMatchObject({ plid, cid: null })
    expect((await getContact(testDb(), created.cid))!.people).toEqual([])
    const [person] = await testDb().select().from(people).where(eq(people.plid, plid))
    expect(person.surname).toBe('Stays')
    expect(await deleteContact(testDb(), created.cid, 1)).toBe(true)
    expect(await getContact(testDb(), created.cid)).toBeNull()
    expect(await deleteContact(testDb(), created.cid, 1)).toBe(false)
  })

  it('refuses to delete a contact that claims name', async () => {
    const [claim] = await testDb()
      .select({ adj: claims.adj_cid, fid: claims.fid })
      .from(claims)
      .where(isNotNull(claims.adj_cid))
      .limit(1)
    expect(claim.adj).not.toBeNull()
    await expect(deleteContact(testDb(), claim.adj!, 1)).rejects.toBeInstanceOf(ContactInUseError)
    expect(await getContact(testDb(), claim.adj!)).not.toBeNull()
    const byFirm = await contactsByFirm(testDb(), claim.fid)
    expect(byFirm.map((contact) => contact.cid)).toContain(claim.adj)
  })

  it('searches by term and lists contacts of one type with their people', async () => {
    const found = await searchContacts(testDb(), { search: 'panel' })
    expect(found.rows.length).toBeGreaterThan(3)
    expect(found.capped).toBe(false)
    expect(found.rows.every((row) => fromTildeList(row.type).includes('Panel'))).toBe(true)
    const capped = await searchContacts(testDb(), { limit: 2 })
    expect(capped.rows).toHaveLength(2)
    expect(capped.capped).toBe(true)
    const none = await searchContacts(testDb(), { search: "%_' OR 1=1 --" })
    expect(none.count).toBe(0)
    const adjusters = await contactsOfType(testDb(), 'Adjuster')
    expect(adjusters.length).toBeGreaterThan(3)
    expect(adjusters.some((contact) => contact.people.length > 0)).toBe(true)
    expect(Object.keys(adjusters[0].people[0] ?? { plid: 1, given: '', surname: '', salutation: '' }).sort()).toEqual([
      'given',
      'plid',
      'salutation',
      'surname',
    ])
    // '~Adjuster' must not match a type that only starts with it.
    expect((await contactsOfType(testDb(), 'Adjust')).length).toBe(0)
  })

  it('lists several types in two statements as each type alone did: by name, with their people by name', async () => {
    const [adjusters, panel, nothing] = await contactsOfTypes(testDb(), ['Adjuster', 'Panel', '~'])
    expect(nothing).toEqual([])
    for (const [type, listed] of [
      ['Adjuster', adjusters],
      ['Panel', panel],
    ] as const) {
      const expected = await testDb()
        .select({ cid: contacts.cid, name1: contacts.name1, sort: contacts.sort })
        .from(contacts)
        .where(sql`${contacts.type} ILIKE ${`%~${type}`} OR ${contacts.type} ILIKE ${`%~${type}~%`}`)
        .orderBy(asc(contacts.name1), asc(contacts.cid))
      expect(listed.map(({ people: _people, ...contact }) => contact)).toEqual(expected)
      for (const contact of listed) {
        const members = await testDb()
          .select({ plid: people.plid, given: people.given, surname: people.surname, salutation: people.salutation })
          .from(people)
          .where(eq(people.cid, contact.cid))
          .orderBy(asc(people.surname), asc(people.given), asc(people.plid))
        expect(contact.people).toEqual(members)
      }
    }
    expect(adjusters.length + panel.length).toBeGreaterThan(6)
  })
})
