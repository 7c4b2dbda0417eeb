import { eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '#app/domain/password-hash.server'
import { commitSessionToken } from '#app/auth/session.server'
import { authGroupScopes, authGroupUsers, authGroups, scopes, users } from '#app/db/schema'
import { LEAVE_MESSAGES } from '#app/domain/hours'
import { createLeave, getSessionRow } from '#app/models/hours.server'
import { openSession } from '#app/models/session.server'
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

type RouteModule = { loader?: (args: never) => Promise<Response>; action?: (args: never) => Promise<Response> }

async function cookieFor(username: string): Promise<string> {
  const [user] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, username))
  const { token } = await openSession(testDb(), { userId: user.id, ip: '127.0.0.1', userAgent: 'vitest' })
  return (await commitSessionToken(new Request('http://localhost/'), token)).split(';')[0]
}

/** A signed-in user whose one group holds exactly these scopes. */
async function userWithScopes(username: string, scopeNames: string[]): Promise<string> {
  const [user] = await testDb()
    .insert(users)
    .values({ username, passwordHash: await hashPassword('Scoped-user-pass-1') })
    .returning({ id: users.id })
  const [group] = await testDb()
    .insert(authGroups)
    .values({ name: `${username}-group` })
    .returning({ id: authGroups.id })
  await testDb().insert(authGroupUsers).values({ groupId: group.id, userId: user.id })
  const found = await testDb().select({ id: scopes.id }).from(scopes).where(inArray(scopes.name, scopeNames))
  await testDb()
    .insert(authGroupScopes)
    .values(found.map((scope) => ({ groupId: group.id, scopeId: scope.id })))
  return cookieFor(username)
}

/** Calls a route module as a signed-in user through its real guard; answers status and JSON body. */
async function call(
  module: RouteModule,
  cookie: string,
  method: string,
  path: string,
  params: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { Cookie: cookie }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const handler = (method === 'GET' ? module.loader : module.action) as (args: unknown) => Promise<Response>
  try {
    const response = await handler({ request, params, context: { clientIp: '127.0.0.1', requestId: 'reads-by-scope' } })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, body: (await thrown.json()) as Record<string, unknown> }
    throw thrown
  }
}

let noScopes: string
let readonly: string
let accounting: string
let policyEditor: string
let ids: { nid: number; fid: number; plid: number; cid: number; pid: number; lid: number }

beforeAll(async () => {
  // A signed-in user in no group: no scopes at all.
  await testDb()
    .insert(users)
    .values({ username: 'no.scopes', passwordHash: await hashPassword('No-scopes-pass-1') })
  noScopes = await cookieFor('no.scopes')
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
      call(
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

    const one = (cookie: string) => call(noteById, cookie, 'GET', `/api/notes/${ids.nid}`, { id: String(ids.nid) })
    expect((await one(noScopes)).status).toBe(403)
    expect(await one(readonly)).toMatchObject({ status: 200, body: { nid: ids.nid } })
  })

  it('people: Edit Person needs person-view; lists and search need person-view or firm-view (Members tab)', async () => {
    const byId = (cookie: string) =>
      call(peopleById, cookie, 'GET', `/api/people/${ids.plid}`, { id: String(ids.plid) })
    expect((await byId(noScopes)).status).toBe(403)
    expect((await byId(accounting)).status).toBe(403) // firm-view without person-view
    expect(await byId(readonly)).toMatchObject({ status: 200, body: { plid: ids.plid } })

    const list = (cookie: string) => call(peopleList, cookie, 'GET', '/api/people?limit=5')
    expect((await list(noScopes)).status).toBe(403)
    expect((await list(readonly)).status).toBe(200)

    const search = (cookie: string) =>
      call(peopleSearch, cookie, 'POST', '/api/people/search', {}, { searchType: 'all', term: 'a' })
    expect((await search(noScopes)).status).toBe(403)
    expect((await search(readonly)).status).toBe(200)
  })

  it('contacts: contact-view, as the contacts list', async () => {
    const list = (cookie: string) => call(contactsList, cookie, 'GET', '/api/contacts?search=a')
    expect((await list(noScopes)).status).toBe(403)
    expect((await list(accounting)).status).toBe(403)
    expect((await list(readonly)).status).toBe(200)
    const one = (cookie: string) =>
      call(contactById, cookie, 'GET', `/api/contacts/${ids.cid}`, { id: String(ids.cid) })
    expect((await one(noScopes)).status).toBe(403)
    expect(await one(readonly)).toMatchObject({ status: 200, body: { cid: ids.cid } })
  })
})

/** A loader called as a page would be: its answer, or what it threw (a guard's redirect). */
async function loadPage(
  module: { loader: (args: never) => unknown },
  cookie: string,
  path: string,
  params: Record<string, string>,
): Promise<unknown> {
  const args = {
    request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } }),
    params,
    context: { clientIp: '127.0.0.1', requestId: 'reads-by-scope' },
  }
  return Promise.resolve((module.loader as (args: unknown) => unknown)(args)).catch((thrown: unknown) => thrown)
}

/** The guard's own refusal of an API read (not a record's 404 or a query's 400). */
const GUARD_403 = 'You do not have permission to view this page'
const refusedByGuard = (answer: { status: number; body: Record<string, unknown> }) =>
  answer.status === 401 || (answer.status === 403 && answer.body.message === GUARD_403)

describe('the note editor reads what GET /api/notes/{id} reads: one rule for the page and the API (issue 23)', () => {
  it('sends a user without firm-view home from /editNoteEmail/{id} and /EditNoteEmail/{id}, as the API refuses them', async () => {
    const api = await call(noteById, noScopes, 'GET', `/api/notes/${ids.nid}`, { id: String(ids.nid) })
    expect(api).toMatchObject({ status: 403, body: { status: 'FORBIDDEN', message: GUARD_403 } })
    for (const [module, path] of [
      [editNoteEmail, `/editNoteEmail/${ids.nid}`],
      [EditNoteEmail, `/EditNoteEmail/${ids.nid}`],
    ] as const) {
      const refused = await loadPage(module, noScopes, path, { id: String(ids.nid) })
      expect(refused, path).toBeInstanceOf(Response)
      expect((refused as Response).headers.get('Location'), path).toBe('/')
      // firm-view (readonly) reads it on the page as on the API.
      expect(await loadPage(module, readonly, path, { id: String(ids.nid) })).toMatchObject({
        note: { nid: ids.nid },
      })
    }
  })
})

describe('policy and ledger reads need firm-view or policy-edit (issue 23, decision 0027)', () => {
  const reads = () =>
    [
      [policiesList, `/api/policies?fid=${ids.fid}`, {}],
      [policyById, `/api/policies/${ids.pid}`, { id: String(ids.pid) }],
      [policyTaxes, `/api/policies/${ids.pid}/taxes?state=TX&admitted=1`, { id: String(ids.pid) }],
      [policyFees, '/api/policies/fees?formula=legacy&premium=1000', {}],
      [ledgersList, `/api/ledgers?pid=${ids.pid}`, {}],
      [ledgerSearch, `/api/ledgers/search?pid=${ids.pid}`, {}],
      [ledgerById, `/api/ledgers/${ids.lid}`, { id: String(ids.lid) }],
    ] as const

  it('refuses every policy and ledger read to a user without either scope, with the guard’s 403', async () => {
    for (const [module, path, params] of reads()) {
      const answer = await call(module, noScopes, 'GET', path, params)
      expect(answer, path).toMatchObject({ status: 403, body: { status: 'FORBIDDEN', message: GUARD_403 } })
    }
  })

  it('serves them to firm-view (the firm’s Policies tab) and to policy-edit (Edit Policy)', async () => {
    for (const [module, path, params] of reads()) {
      const firmView = await call(module, readonly, 'GET', path, params)
      expect(refusedByGuard(firmView), `${path} as readonly: ${JSON.stringify(firmView)}`).toBe(false)
      const editor = await call(module, policyEditor, 'GET', path, params)
      expect(refusedByGuard(editor), `${path} as a policy editor: ${JSON.stringify(editor)}`).toBe(false)
    }
    expect(
      (await call(policyById, readonly, 'GET', `/api/policies/${ids.pid}`, { id: String(ids.pid) })).body,
    ).toMatchObject({ pid: ids.pid })
  })

  it('/ViewPolicy/{id} follows the same rule: home without it, the policy with it', async () => {
    const refused = await loadPage(viewPolicy, noScopes, `/ViewPolicy/${ids.pid}`, { id: String(ids.pid) })
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).headers.get('Location')).toBe('/')
    for (const cookie of [readonly, policyEditor]) {
      const shown = await loadPage(viewPolicy, cookie, `/ViewPolicy/${ids.pid}`, { id: String(ids.pid) })
      expect(shown).not.toBeInstanceOf(Response)
    }
  })
})

describe('the printable claim shows what GET /api/claims/{id} shows: claim-view (spec 3 §6)', () => {
  it('sends a user without claim-view home, and shows the claim to one with it', async () => {
    const [{ clid }] = (await testDb().execute<{ clid: number }>(sql`SELECT min(clid) AS clid FROM claims`)).rows
    const load = (cookie: string) =>
      viewClaim.loader({
        request: new Request(`http://localhost/viewClaim/${clid}`, { headers: { Cookie: cookie } }),
        params: { id: String(clid) },
        context: { clientIp: '127.0.0.1', requestId: 'reads-by-scope' },
      } as never)
    const refused = await load(noScopes).catch((thrown: unknown) => thrown)
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).headers.get('Location')).toBe('/')
    expect(await load(readonly)).toMatchObject({ claim: { clid } })
  })
})

describe('leave entries keep the 24-hour cap on update (issue 10 item 6)', () => {
  it('PUT /api/sessions/{id} cannot stretch a leave entry past 24 hours, by either end or both', async () => {
    const [me] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, 'no.scopes'))
    const id = await createLeave(testDb(), { userId: me.id, type: 'Vacation', date: '2026-03-10', hours: 8 }, me.id)
    const before = await getSessionRow(testDb(), id)
    const put = (body: unknown) => call(sessionById, noScopes, 'PUT', `/api/sessions/${id}`, { id: String(id) }, body)
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
