import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/db/schema'
import { LEAVE_MESSAGES } from '#app/domain/hours'
import { createLeave, getSessionRow } from '#app/models/hours.server'
import * as contactById from '#app/routes/api.contacts.$id'
import * as contactsList from '#app/routes/api.contacts'
import * as ledgerById from '#app/routes/api.ledgers.$id'
import * as ledgerSearch from '#app/routes/api.ledgers.search'
import * as ledgersList from '#app/routes/api.ledgers'
import * as noteById from '#app/routes/api.notes.$id'
import * as notesSearch from '#app/routes/api.notes.search'
import * as policyById from '#app/routes/api.policies.$id'
import * as policyTaxes from '#app/routes/api.policies.$id.taxes'
import * as policyFees from '#app/routes/api.policies.fees'
import * as policiesList from '#app/routes/api.policies'
import * as peopleById from '#app/routes/api.people.$id'
import * as peopleList from '#app/routes/api.people'
import * as peopleSearch from '#app/routes/api.people.search'
import * as sessionById from '#app/routes/api.sessions.$id'
import * as viewClaim from '#app/routes/viewClaim.$id'
import * as viewPolicy from '#app/routes/ViewPolicy.$id'
import * as editNoteEmail from '#app/routes/editNoteEmail.$id'
import * as EditNoteEmail from '#app/routes/EditNoteEmail.$id/route'
import { testDb } from './db'
import { api, cookieFor, get, userWithScopes, userWithoutScopes } from './route-calls'

let noScopes: string
let readonly: string
let accounting: string
let policyEditor: string
let ids: { nid: number; fid: number; plid: number; cid: number; pid: number; lid: number }

beforeAll(async () => {
  // A signed-in user in no group: no scopes at all.
  noScopes = await userWithoutScopes()
  readonly = await cookieFor('readonly')
  accounting = await cookieFor('accounting')
  policyEditor = await userWithScopes('policy.editor', ['policy-edit'])
  const found = await testDb().execute<{
    nid: number
    fid: number
    plid: number
    cid: number
    pid: number
    lid: number
  }>(sql`
    SELECT (SELECT min(nid) FROM notes WHERE fid IS NOT NULL AND type <> 'admin') AS nid,
           (SELECT fid FROM notes WHERE nid = (SELECT min(nid) FROM notes WHERE fid IS NOT NULL AND type <> 'admin')) AS fid,
           (SELECT min(plid) FROM people) AS plid,
           (SELECT min(cid) FROM contacts) AS cid,
           (SELECT min(pid) FROM ledgers) AS pid,
           (SELECT min(lid) FROM ledgers) AS lid`)
  ids = found.rows[0]
})

describe('note, people and contact reads need the scopes their screens need (issue 10 item 6)', () => {
  it('POST /api/notes/search and GET /api/notes/{id}: firm-view, as the firm viewer', async () => {
    const search = (cookie: string) =>
      api(
        notesSearch,
        cookie,
        'POST',
        '/api/notes/search',
        {},
        { page: 1, perPage: 10, whereObjects: { fid: ids.fid } },
      )
    expect(await search(noScopes)).toMatchObject({ status: 403, body: { status: 'FORBIDDEN' } })
    const allowed = await search(readonly)
    expect(allowed.status).toBe(200)
    expect((allowed.body.result as unknown[]).length).toBeGreaterThan(0)

    const one = (cookie: string) => api(noteById, cookie, 'GET', `/api/notes/${ids.nid}`, { id: String(ids.nid) })
    expect((await one(noScopes)).status).toBe(403)
    expect(await one(readonly)).toMatchObject({ status: 200, body: { nid: ids.nid } })
  })

  it('people: Edit Person needs person-view; lists and search need person-view or firm-view (Members tab)', async () => {
    const byId = (cookie: string) => api(peopleById, cookie, 'GET', `/api/people/${ids.plid}`, { id: String(ids.plid) })
    expect((await byId(noScopes)).status).toBe(403)
    expect((await byId(accounting)).status).toBe(403) // firm-view without person-view
    expect(await byId(readonly)).toMatchObject({ status: 200, body: { plid: ids.plid } })

    const list = (cookie: string) => api(peopleList, cookie, 'GET', '/api/people?limit=5')
    expect((await list(noScopes)).status).toBe(403)
    expect((await list(readonly)).status).toBe(200)

    const search = (cookie: string) =>
      api(peopleSearch, cookie, 'POST', '/api/people/search', {}, { searchType: 'all', term: 'a' })
    expect((await search(noScopes)).status).toBe(403)
    expect((await search(readonly)).status).toBe(200)
  })

  it('contacts: contact-view, as the contacts list', async () => {
    const list = (cookie: string) => api(contactsList, cookie, 'GET', '/api/contacts?search=a')
    expect((await list(noScopes)).status).toBe(403)
    expect((await list(accounting)).status).toBe(403)
    expect((await list(readonly)).status).toBe(200)
    const one = (cookie: string) => api(contactById, cookie, 'GET', `/api/contacts/${ids.cid}`, { id: String(ids.cid) })
    expect((await one(noScopes)).status).toBe(403)
    expect(await one(readonly)).toMatchObject({ status: 200, body: { cid: ids.cid } })
  })
})

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' }

/** The guard's own refusal of an API read (not a record's 404 or a query's 400). */
const GUARD_403 = 'You do not have permission to view this page'

describe('the note editor reads what GET /api/notes/{id} reads: one rule for the page and the API (issue 23)', () => {
  it('sends a user without firm-view home from /editNoteEmail/{id} and /EditNoteEmail/{id}, as the API refuses them', async () => {
    const fromApi = await api(noteById, noScopes, 'GET', `/api/notes/${ids.nid}`, { id: String(ids.nid) })
    expect(fromApi).toMatchObject({ status: 403, body: { status: 'FORBIDDEN', message: GUARD_403 } })
    for (const [module, path] of [
      [editNoteEmail, `/editNoteEmail/${ids.nid}`],
      [EditNoteEmail, `/EditNoteEmail/${ids.nid}`],
    ] as const) {
      const refused = await get(module, noScopes, path, { id: String(ids.nid) }, SAME_ORIGIN)
      expect(refused, path).toMatchObject({ status: 302, location: '/', thrown: true })
      // firm-view (readonly) reads it on the page as on the API.
      const shown = await get(module, readonly, path, { id: String(ids.nid) }, SAME_ORIGIN)
      expect(shown, path).toMatchObject({ status: 200, body: { note: { nid: ids.nid } } })
    }
  })
})

describe('policy and ledger reads need firm-view or policy-edit (issue 23, decision 0027)', () => {
  /** Each read, and what it answers past the guard (the fee formula's 501 is the spec's own answer). */
  const reads = () =>
    [
      [
        policiesList,
        `/api/policies?fid=${ids.fid}`,
        {},
        200,
        { result: expect.arrayContaining([expect.objectContaining({ fid: ids.fid })]) },
      ],
      [policyById, `/api/policies/${ids.pid}`, { id: String(ids.pid) }, 200, { pid: ids.pid }],
      [policyTaxes, `/api/policies/${ids.pid}/taxes?state=TX&admitted=1`, { id: String(ids.pid) }, 200, []],
      [policyFees, '/api/policies/fees?formula=legacy&premium=1000', {}, 501, { status: 'FEE_FORMULA_NOT_SPECIFIED' }],
      [
        ledgersList,
        `/api/ledgers?pid=${ids.pid}`,
        {},
        200,
        expect.arrayContaining([expect.objectContaining({ pid: ids.pid })]),
      ],
      [
        ledgerSearch,
        `/api/ledgers/search?pid=${ids.pid}`,
        {},
        200,
        { result: expect.arrayContaining([expect.objectContaining({ pid: ids.pid })]) },
      ],
      [ledgerById, `/api/ledgers/${ids.lid}`, { id: String(ids.lid) }, 200, { lid: ids.lid, pid: ids.pid }],
    ] as const

  it('refuses every policy and ledger read to a user without either scope, with the guard’s 403', async () => {
    for (const [module, path, params] of reads()) {
      const answer = await api(module, noScopes, 'GET', path, params)
      expect(answer, path).toMatchObject({ status: 403, body: { status: 'FORBIDDEN', message: GUARD_403 } })
    }
  })

  it('serves them to firm-view (the firm’s Policies tab) and to policy-edit (Edit Policy), the same answer to both', async () => {
    for (const [module, path, params, status, body] of reads()) {
      const firmView = await api(module, readonly, 'GET', path, params)
      expect(firmView, `${path} as readonly`).toMatchObject({ status, body })
      const editor = await api(module, policyEditor, 'GET', path, params)
      expect(editor, `${path} as a policy editor`).toMatchObject({ status, body: firmView.body })
    }
  })

  it('/ViewPolicy/{id} follows the same rule: home without it, the policy with it', async () => {
    const view = (cookie: string) =>
      get(viewPolicy, cookie, `/ViewPolicy/${ids.pid}`, { id: String(ids.pid) }, SAME_ORIGIN)
    expect(await view(noScopes)).toMatchObject({ status: 302, location: '/', thrown: true })
    for (const cookie of [readonly, policyEditor])
      expect(await view(cookie)).toMatchObject({ status: 200, thrown: false, body: { policy: { pid: ids.pid } } })
  })
})

describe('the printable claim shows what GET /api/claims/{id} shows: claim-view (spec 3 §6)', () => {
  it('sends a user without claim-view home, and shows the claim to one with it', async () => {
    const [{ clid }] = (await testDb().execute<{ clid: number }>(sql`SELECT min(clid) AS clid FROM claims`)).rows
    const load = (cookie: string) => get(viewClaim, cookie, `/viewClaim/${clid}`, { id: String(clid) })
    expect(await load(noScopes)).toMatchObject({ status: 302, location: '/', thrown: true })
    expect(await load(readonly)).toMatchObject({ status: 200, body: { claim: { clid } } })
  })
})

describe('leave entries keep the 24-hour cap on update (issue 10 item 6)', () => {
  it('PUT /api/sessions/{id} cannot stretch a leave entry past 24 hours, by either end or both', async () => {
    const [me] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, 'no.scopes'))
    const id = await createLeave(testDb(), { userId: me.id, type: 'Vacation', date: '2026-03-10', hours: 8 }, me.id)
    const before = await getSessionRow(testDb(), id)
    const put = (body: unknown) => api(sessionById, noScopes, 'PUT', `/api/sessions/${id}`, { id: String(id) }, body)
    const login = new Date(before!.login).toISOString()

    // Only a new end, far from the stored start: the model's check on the entry as it would be.
    const stretched = await put({ logout: '2027-03-10T00:00:00Z' })
    expect(stretched).toMatchObject({
      status: 400,
      body: { status: 'INVALID_PARAMS', message: LEAVE_MESSAGES.tooLong },
    })
    // Only a new start, a year before the stored end.
    expect((await put({ login: '2025-03-10T00:00:00Z' })).body.message).toBe(LEAVE_MESSAGES.tooLong)
    // Both ends in the body: the schema's check.
    const both = await put({ login: '2026-03-10T00:00:00Z', logout: '2026-03-12T00:00:00Z' })
    expect(both.status).toBe(400)
    expect(JSON.stringify(both.body)).toContain(LEAVE_MESSAGES.tooLong)
    // Nothing was written.
    expect(await getSessionRow(testDb(), id)).toEqual(before)

    // Up to 24 hours is fine.
    const ok = await put({ logout: new Date(Date.parse(login) + 24 * 3_600_000).toISOString() })
    expect(ok.status).toBe(200)
    expect(ok.body.session_interval).toBe(24 * 3600)
  })
})
