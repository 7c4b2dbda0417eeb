import { beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { users } from '#app/db/schema'
import { PEOPLE_MESSAGES } from '#app/domain/people-search'
import { createPerson, deletePerson, getPerson } from '#app/models/person.server'
import * as editPerson from '#app/routes/editPerson.$id'
import * as peopleSearch from '#app/routes/_app.search.people.peopleSearch'
import { testDb } from './db'
import { cookieFor, expectFieldErrors, get, post } from './route-calls'

/**
 * People Search and Edit Person through their route modules (pageRoute and the intent table), on the
 * real database: the guard, the abilities each intent needs (refused in the one 403 intent shape), the
 * spec's messages, the 409 with the current person, and the redirects with their flash.
 */

const SEARCH = '/search/people/peopleSearch'
let admin: string
let underwriter: string
let readonly: string
let noScopes: string
const unique = (stem: string) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

beforeAll(async () => {
  await testDb()
    .insert(users)
    .values({ username: 'people.noscopes', passwordHash: await hashPassword('No-scopes-pass-1') })
  ;[admin, underwriter, readonly, noScopes] = await Promise.all(
    ['admin', 'underwriter', 'readonly', 'people.noscopes'].map(cookieFor),
  )
})

describe('People Search (loader)', () => {
  it('sends anonymous users to sign in and users without a people read scope home', async () => {
    const anonymous = await get(peopleSearch, '', `${SEARCH}?q=x`)
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent(`${SEARCH}?q=x`)}`)
    const refused = await get(peopleSearch, noScopes, SEARCH)
    expect(refused).toMatchObject({ status: 302, location: '/' })
  })

  it('hints without a term; finds people; offers Delete and its confirmation only to a people deleter', async () => {
    const empty = await get(peopleSearch, readonly, SEARCH)
    expect(empty.body).toMatchObject({ page: null, message: { kind: 'hint', text: PEOPLE_MESSAGES.hint } })

    const surname = unique('Pagesearchzq')
    const person = await createPerson(testDb(), { surname, given: 'Pat' }, null)
    const viewer = await get(peopleSearch, readonly, `${SEARCH}?q=${surname}&deletePerson=${person.plid}`)
    expect(viewer.body).toMatchObject({
      can: { create: false, delete: false, open: true },
      confirm: null,
      page: { count: 1, result: [{ plid: person.plid, surname }] },
    })
    const deleter = await get(peopleSearch, admin, `${SEARCH}?q=${surname}&deletePerson=${person.plid}`)
    expect(deleter.body).toMatchObject({
      can: { create: true, delete: true },
      confirm: { plid: person.plid, name: `Pat ${surname}` },
    })
    const none = await get(peopleSearch, readonly, `${SEARCH}?q=zzqqnobodyzz`)
    expect(none.body).toMatchObject({ message: { kind: 'warning', text: PEOPLE_MESSAGES.noResults } })
  })
})

describe('People Search (intents)', () => {
  it('create needs people-edit (canCreatePerson), then opens the new person with a flash', async () => {
    const refused = await post(peopleSearch, readonly, SEARCH, {}, { intent: 'create' })
    expect(refused).toMatchObject({
      status: 403,
      body: { intent: 'create', error: 'You do not have permission to create people.' },
    })
    const created = await post(peopleSearch, underwriter, SEARCH, {}, { intent: 'create' })
    expect(created.status).toBe(302)
    const plid = Number(/^\/editPerson\/(\d+)$/.exec(created.location ?? '')?.[1])
    expect((await getPerson(testDb(), plid))?.surname).toBe('New Person')
    expect(created.flash).toEqual({ message: 'New person created.', kind: 'success' })
  })

  it('delete needs member- or people-override (canDeletePerson); a failed delete says so', async () => {
    const person = await createPerson(testDb(), { surname: unique('Pagedeletezq') }, null)
    const refused = await post(peopleSearch, underwriter, SEARCH, {}, { intent: 'delete', plid: String(person.plid) })
    expect(refused).toMatchObject({
      status: 403,
      body: { intent: 'delete', error: 'You do not have permission to delete people.' },
    })
    expect(await getPerson(testDb(), person.plid)).not.toBeNull()

    const bad = await post(peopleSearch, admin, SEARCH, {}, { intent: 'delete', plid: 'abc' })
    expect(bad).toMatchObject({ status: 400, body: { intent: 'delete', error: PEOPLE_MESSAGES.deleteFailed } })

    const path = `${SEARCH}?q=${person.surname}&deletePerson=${person.plid}`
    const deleted = await post(peopleSearch, admin, path, {}, { intent: 'delete', plid: String(person.plid) })
    expect(deleted.status).toBe(302)
    expect(deleted.location).toBe(`${SEARCH}?q=${person.surname}`)
    expect(deleted.flash).toEqual({ message: PEOPLE_MESSAGES.deleted, kind: 'success' })
    expect(await getPerson(testDb(), person.plid)).toBeNull()

    const again = await post(peopleSearch, admin, path, {}, { intent: 'delete', plid: String(person.plid) })
    expect(again).toMatchObject({ status: 400, body: { intent: 'delete', error: PEOPLE_MESSAGES.deleteFailed } })
  })

  it('answers a form it does not serve with 400, and anonymous posts with the sign-in redirect', async () => {
    const unknown = await post(peopleSearch, admin, SEARCH, {}, { intent: 'merge' })
    expect(unknown).toMatchObject({ status: 400, body: { intent: 'merge', error: 'This form cannot be sent here.' } })
    const anonymous = await post(peopleSearch, '', SEARCH, {}, { intent: 'create' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/)
  })
})

describe('Edit Person', () => {
  const path = (plid: number | string) => `/editPerson/${plid}`

  it("a bad or unknown id is the screen's 404", async () => {
    for (const id of ['abc', '2147480000']) {
      const missing = await get(editPerson, readonly, path(id), { id })
      expect(missing).toMatchObject({ status: 404, thrown: true, body: { message: 'No such person.' } })
    }
  })

  it('shows the person read-only with the SSN masked without person-edit, whole with it', async () => {
    const person = await createPerson(testDb(), { surname: unique('Pageviewzq'), ssn: '123-45-6789' }, null)
    const viewer = await get(editPerson, readonly, path(person.plid), { id: String(person.plid) })
    expect(viewer.body).toMatchObject({ canEdit: false, person: { plid: person.plid, ssn: '***-**-6789' } })
    const editor = await get(editPerson, underwriter, path(person.plid), { id: String(person.plid) })
    expect(editor.body).toMatchObject({ canEdit: true, person: { ssn: '123-45-6789' } })
  })

  it('Save Person: refused without person-edit, 400 with the spec messages, 409 with the current person, saved', async () => {
    const person = await createPerson(testDb(), { surname: unique('Pagesavezq'), ssn: '123-45-6789' }, null)
    const params = { id: String(person.plid) }
    const form = (values: Record<string, string>) => ({
      version: String(person.version),
      surname: 'Kept',
      ssn: '123-45-6789',
      ...values,
    })

    const refused = await post(editPerson, readonly, path(person.plid), params, form({}))
    expect(refused).toMatchObject({
      status: 403,
      body: { intent: '', error: 'You do not have permission to edit people.' },
    })

    const invalid = await post(
      editPerson,
      underwriter,
      path(person.plid),
      params,
      form({ surname: '', born: '13-45-2020', ssn: '123', hours: 'many' }),
    )
    expectFieldErrors(invalid, {
      surname: ['This field is required.'],
      born: ['Only valid MM-DD-YYYY'],
      ssn: ['SSN must be XXX-XX-XXXX'],
      hours: ['Hours must be a number'],
    })

    const saved = await post(editPerson, underwriter, path(person.plid), params, form({ born: '3-5-1980' }))
    expect(saved).toMatchObject({ status: 302, location: path(person.plid) })
    expect(saved.flash).toEqual({ message: 'Person was saved', kind: 'success' })
    expect(await getPerson(testDb(), person.plid)).toMatchObject({ surname: 'Kept', born: '1980-03-05' })

    // The same version again: someone saved since, so the answer carries the person as it is now.
    const stale = await post(editPerson, underwriter, path(person.plid), params, form({ surname: 'Lost' }))
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({
      intent: '',
      error: expect.stringMatching(/^Someone else saved this record after you opened it\./),
      current: { plid: person.plid, surname: 'Kept', version: person.version + 1, ssn: '123-45-6789' },
    })
    expect((await getPerson(testDb(), person.plid))?.surname).toBe('Kept')
  })

  it('a person deleted meanwhile answers 404 with its message in the intent shape', async () => {
    const person = await createPerson(testDb(), { surname: unique('Pagegonezq') }, null)
    await deletePerson(testDb(), person.plid, null)
    const gone = await post(
      editPerson,
      underwriter,
      path(person.plid),
      { id: String(person.plid) },
      { version: String(person.version), surname: 'X' },
    )
    expect(gone).toMatchObject({ status: 404, body: { intent: '', error: 'No such person.' } })
  })
})
