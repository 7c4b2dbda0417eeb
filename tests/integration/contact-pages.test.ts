import { beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { users } from '#app/db/schema'
import { createContact, getContact, searchContacts, type ContactRecord } from '#app/models/contact.server'
import * as editContact from '#app/routes/editContact.$id'
import * as contactsSearch from '#app/routes/_app.search.contacts.contactsSearch'
import {
  CONTACT_DELETE_FAILED,
  CONTACT_DELETED,
  CONTACT_UNCHANGED,
  contactAdded,
  contactEdited,
  contactFormSchema,
  personUnlinked,
  SORT_TOO_LONG,
} from '#app/schemas/contact'
import { testDb } from './db'
import { cookieFor, get, post, type FormFields } from './route-calls'

/**
 * The contacts list and Edit/Add Contact through their route modules (pageRoute and the intent table),
 * on the real database: the guard, contact-edit refused in the one 403 intent shape, validation with
 * the spec's messages, a save after an unlink refused as a conflict with the current contact, and
 * every redirect with its snackbar.
 */

const LIST = '/search/contacts/contactsSearch'
const NO_EDIT = 'You do not have permission to edit contacts.'
let claims: string
let readonly: string
let noScopes: string
let serial = 0

beforeAll(async () => {
  await testDb()
    .insert(users)
    .values({ username: 'contacts.noscopes', passwordHash: await hashPassword('No-scopes-pass-1') })
  ;[claims, readonly, noScopes] = await Promise.all(['claims', 'readonly', 'contacts.noscopes'].map(cookieFor))
})

/** A contact of the test's own with two people, made through the model. */
async function makeContact(): Promise<ContactRecord> {
  const sort = `ITC${process.pid % 1000}${++serial}`.slice(0, 10)
  const {
    version: _v,
    returnTo: _r,
    people,
    ...values
  } = contactFormSchema.parse({
    name1: `${sort} Adjusters`,
    sort,
    type: ['Adjuster'],
    people: [
      { given: 'Ann', surname: 'Zed' },
      { given: 'Bo', surname: 'Yule' },
    ],
  })
  return createContact(testDb(), values, people, null)
}

/** The form as the page renders it for a contact (its people rows with plid and version). */
function formOf(contact: ContactRecord, changes: Record<string, string> = {}): [string, string][] {
  const fields: [string, string][] = [
    ['intent', 'save'],
    ['version', String(contact.version)],
    ['name1', contact.name1],
    ['sort', contact.sort],
    ['type', 'Adjuster'],
  ]
  contact.people.forEach((person, index) => {
    fields.push([`people[${index}].plid`, String(person.plid)])
    fields.push([`people[${index}].version`, String(person.version)])
    fields.push([`people[${index}].given`, person.given ?? ''])
    fields.push([`people[${index}].surname`, person.surname])
  })
  for (const [name, value] of Object.entries(changes)) {
    const at = fields.findIndex(([field]) => field === name)
    if (at >= 0) fields[at] = [name, value]
    else fields.push([name, value])
  }
  return fields
}

const page = (cid: number | string) => `/editContact/${cid}`
const params = (cid: number | string) => ({ id: String(cid) })
/** A POST of Edit Contact's form (an intent and its fields) for a contact, with a query of its own if any. */
const postEdit = (cookie: string, cid: number | string, fields: FormFields, query = '') =>
  post(editContact, cookie, `${page(cid)}${query}`, params(cid), fields)

describe('contacts list (loader)', () => {
  it('needs contact-view; renders the dialog addressed by ?contact=, a 404 for a bad one', async () => {
    expect((await get(contactsSearch, '', LIST)).location).toBe(`/login?redirectTo=${encodeURIComponent(LIST)}`)
    expect(await get(contactsSearch, noScopes, LIST)).toMatchObject({ status: 302, location: '/' })
    const contact = await makeContact()
    const list = await get(contactsSearch, readonly, `${LIST}?q=${contact.sort}&contact=${contact.cid}`)
    expect(list.body).toMatchObject({
      q: contact.sort,
      canEdit: false,
      rows: [{ cid: contact.cid, sort: contact.sort }],
      dialog: { canEdit: false, contact: { cid: contact.cid } },
    })
    const bad = await get(contactsSearch, readonly, `${LIST}?contact=abc`)
    expect(bad).toMatchObject({ status: 404, thrown: true, body: { message: 'No such contact.' } })
  })
})

describe('Edit/Add Contact (loader)', () => {
  it('Add needs contact-edit (the error panel says so); a bad or unknown id is a 404', async () => {
    const refused = await get(editContact, readonly, page('Add'), params('Add'))
    expect(refused).toMatchObject({
      status: 403,
      thrown: true,
      body: { message: 'You do not have permission to add contacts.' },
    })
    expect((await get(editContact, claims, page('Add'), params('Add'))).body).toMatchObject({
      contact: null,
      canEdit: true,
    })
    for (const id of ['abc', '2147480000'])
      expect(await get(editContact, claims, page(id), params(id))).toMatchObject({
        status: 404,
        body: { message: 'No such contact.' },
      })
    const contact = await makeContact()
    const viewer = await get(editContact, readonly, `${page(contact.cid)}?returnTo=//evil.example`, params(contact.cid))
    expect(viewer.body).toMatchObject({ canEdit: false, contact: { cid: contact.cid }, returnTo: undefined })
  })
})

describe('Edit/Add Contact (intents)', () => {
  it('every form needs contact-edit, refused in the one intent shape', async () => {
    const contact = await makeContact()
    for (const intent of ['save', 'delete', 'unlink']) {
      const refused = await postEdit(readonly, contact.cid, { intent })
      expect(refused).toMatchObject({ status: 403, body: { intent, error: NO_EDIT } })
    }
    // A form without an intent is a save.
    expect(await postEdit(readonly, contact.cid, {})).toMatchObject({
      status: 403,
      body: { intent: 'save', error: NO_EDIT },
    })
    expect((await getContact(testDb(), contact.cid))?.people).toHaveLength(2)
  })

  it("adds a contact: the spec's messages first, a person row added without JavaScript, then the flash", async () => {
    const invalid = await postEdit(claims, 'Add', {
      name1: 'Add Co',
      sort: 'TOOLONGSORT1',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({
      intent: 'save',
      error: expect.any(String),
      result: { error: { sort: [SORT_TOO_LONG], type: ['Required'] } },
    })

    // Conform's Add Person button without JavaScript: the form again with a new row, not a refusal.
    const insert = JSON.stringify({ type: 'insert', payload: { name: 'people', defaultValue: {} } })
    const row = await postEdit(claims, 'Add', { name1: 'Add Co', __intent__: insert })
    expect(row.status).toBe(200)
    expect(row.body).toMatchObject({ intent: 'save', result: { initialValue: { name1: 'Add Co' } } })
    expect((row.body.result as { initialValue: { people: unknown[] } }).initialValue.people).toHaveLength(1)
    expect(row.body).not.toHaveProperty('error')

    const sort = `ITADD${process.pid % 1000}`.slice(0, 10)
    const added = await postEdit(claims, 'Add', [
      ['name1', 'Added Adjusters'],
      ['sort', sort],
      ['type', 'Adjuster'],
      ['type', 'Panel'],
      ['people[0].surname', 'Rivera'],
    ])
    expect(added.status).toBe(302)
    const cid = Number(/^\/editContact\/Add\?added=(\d+)$/.exec(added.location ?? '')?.[1])
    expect(added.flash).toEqual({ message: contactAdded('Added Adjusters', sort), kind: 'success' })
    expect(await getContact(testDb(), cid)).toMatchObject({ type: '~Adjuster~Panel', people: [{ surname: 'Rivera' }] })
  })

  it('saves, says when nothing changed, and goes back to the dialog it came from', async () => {
    const contact = await makeContact()
    const returnTo = `${LIST}?q=${contact.sort}&contact=${contact.cid}&confirmDelete=1`
    const saved = await postEdit(claims, contact.cid, formOf(contact, { city: 'Golden', returnTo }))
    expect(saved).toMatchObject({ status: 302, location: `${LIST}?q=${contact.sort}&contact=${contact.cid}` })
    expect(saved.flash).toEqual({ message: contactEdited(contact.name1, contact.sort), kind: 'success' })
    const now = (await getContact(testDb(), contact.cid))!
    expect(now.city).toBe('Golden')
    const same = await postEdit(claims, contact.cid, formOf(now, { city: 'Golden' }))
    expect(same).toMatchObject({ status: 302, location: page(contact.cid) })
    expect(same.flash).toEqual({ message: CONTACT_UNCHANGED, kind: 'info' })
  })

  it('unlinks a person after its confirmation; the form read before it is then a 409 with the current contact', async () => {
    const contact = await makeContact()
    const ann = contact.people.find((person) => person.surname === 'Zed')!
    const unlinked = await postEdit(
      claims,
      contact.cid,
      {
        intent: 'unlink',
        plid: String(ann.plid),
      },
      `?unlink=${ann.plid}`,
    )
    expect(unlinked).toMatchObject({ status: 302, location: page(contact.cid) })
    expect(unlinked.flash).toEqual({ message: personUnlinked('Ann Zed'), kind: 'success' })
    const again = await postEdit(claims, contact.cid, {
      intent: 'unlink',
      plid: String(ann.plid),
    })
    expect(again.flash).toEqual({ message: 'That person is not linked to this contact.', kind: 'error' })

    const stale = await postEdit(claims, contact.cid, formOf(contact, { city: 'Lakewood' }))
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      intent: 'save',
      error: expect.stringMatching(/^Someone else saved this record after you opened it\./),
      current: { cid: contact.cid, people: [{ surname: 'Yule' }] },
    })
    expect((stale.body.current as ContactRecord).people).toHaveLength(1)
    expect((await getContact(testDb(), contact.cid))?.city).toBeNull()
  })

  it('delete: refused for Add and for a contact other records name, done otherwise', async () => {
    const first = await postEdit(claims, 'Add', { intent: 'delete' })
    expect(first).toMatchObject({ status: 400, body: { intent: 'delete', error: 'Save the contact first.' } })

    // SUMMIT is the MGA of the demo programs.
    const summit = (await searchContacts(testDb(), { search: 'SUMMIT' })).rows[0]
    const inUse = await postEdit(
      claims,
      summit.cid,
      {
        intent: 'delete',
      },
      `?confirmDelete=1`,
    )
    expect(inUse).toMatchObject({ status: 302, location: page(summit.cid) })
    expect(inUse.flash).toEqual({ message: CONTACT_DELETE_FAILED, kind: 'error' })

    const contact = await makeContact()
    const returnTo = `${LIST}?q=x&contact=${contact.cid}&confirmDelete=1`
    const deleted = await postEdit(claims, contact.cid, {
      intent: 'delete',
      returnTo,
    })
    expect(deleted).toMatchObject({ status: 302, location: `${LIST}?q=x` })
    expect(deleted.flash).toEqual({ message: CONTACT_DELETED, kind: 'success' })
    expect(await getContact(testDb(), contact.cid)).toBeNull()
    const gone = await postEdit(claims, contact.cid, { intent: 'delete' })
    expect(gone).toMatchObject({ status: 404, body: { intent: 'delete', error: 'No such contact.' } })
  })
})
