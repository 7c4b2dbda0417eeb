import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { claims, users } from '#app/db/schema'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { claimLedgerEntries, createClaim, createLedgerEntry, getClaim } from '#app/models/claim.server'
import * as claimsSearchPage from '#app/routes/_app.search.claims.claimsSearch'
import * as claimOpenPage from '#app/routes/_app.search.claims.editClaim'
import * as claimEditorPage from '#app/routes/editClaim.$id'
import { testDb } from './db'
import { makeFirm } from './factories'
import { cookieFor, get, post, signedIn, type FormFields } from './route-calls'

/**
 * The claim screens' route modules on the real database (issue 23 item 6): the editor's loader and
 * every intent, the search page's bookmarkable GET, and Edit Claim's entry and Create.
 */

let claimsUserId: number

const as = signedIn('claims', 'readonly', 'underwriter')

beforeAll(async () => {
  const [row] = await testDb().select({ id: users.id }).from(users).where(eq(users.username, 'claims'))
  claimsUserId = row.id
})

async function newClaim() {
  const firm = await makeFirm(testDb())
  const claim = await createClaim(testDb(), firm.fid, claimsUserId)
  return { firm, claim }
}

const editorPath = (clid: number) => `/editClaim/${clid}`
const editor = (clid: number) => ({ path: editorPath(clid), params: { id: String(clid) } })
/** A POST of the claim editor's form (an intent and its fields) as `cookie`'s user. */
const postEditor = (cookie: string | null, clid: number, fields: FormFields) =>
  post(claimEditorPage, cookie, editorPath(clid), { id: String(clid) }, fields)
/** An intent of the claim editor on the claim's version as read, with the fields typed. */
const postOnVersion = (
  cookie: string | null,
  claim: { clid: number; version: number },
  intent: string,
  typed: Record<string, string> = {},
) => postEditor(cookie, claim.clid, { intent, version: String(claim.version), ...typed })

describe('the claim editor (/editClaim/:id)', () => {
  it('loads the claim with its lists, counsel, ledger and log', async () => {
    const { claim } = await newClaim()
    const { path, params } = editor(claim.clid)
    const page = await get(claimEditorPage, as.claims, path, params)
    expect(page.status).toBe(200)
    expect((page.body.claim as { clid: number }).clid).toBe(claim.clid)
    expect(Object.keys(page.body)).toEqual(
      expect.arrayContaining(['lists', 'policies', 'counsel', 'files', 'ledger', 'logs']),
    )
  })

  it('shows the claim as it is on each request (the check and the page share one read per request)', async () => {
    const { claim } = await newClaim()
    const { path, params } = editor(claim.clid)
    for (const claimant of ['First Claimant', 'Second Claimant']) {
      await testDb().update(claims).set({ claimant }).where(eq(claims.clid, claim.clid))
      const page = await get(claimEditorPage, as.claims, path, params)
      expect(page.body.claim).toEqual(await getClaim(testDb(), claim.clid))
      expect((page.body.claim as { claimant: string }).claimant).toBe(claimant)
    }
  })

  it("answers a bad or unknown claim id with the spec's 404 'Failed to get Claim.'", async () => {
    for (const id of ['abc', '999999999']) {
      const page = await get(claimEditorPage, as.claims, `/editClaim/${id}`, { id })
      expect(page.status, id).toBe(404)
      expect(page.body.message, id).toBe(CLAIM_MESSAGES.getFailed)
    }
    // The same 404 for a user without claim-edit, who stays signed in (the claim is looked up first).
    const unknown = await get(claimEditorPage, as.readonly, '/editClaim/999999999', { id: '999999999' })
    expect(unknown.status).toBe(404)
    expect(unknown.signsOut).toBe(false)
  })

  it('sends the anonymous to sign in, and signs out a user without claim-edit (GET and POST alike)', async () => {
    const { claim } = await newClaim()
    const { path, params } = editor(claim.clid)
    const anonymous = await get(claimEditorPage, null, path, params)
    expect(anonymous.status).toBe(302)
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/)
    for (const answer of [
      await get(claimEditorPage, as.readonly, path, params),
      await postOnVersion(as.underwriter, claim, 'save'),
    ]) {
      expect(answer.status).toBe(302)
      expect(answer.location).toBe('/login')
      expect(answer.flash).toEqual({ message: 'You do not have permission to edit claims.', kind: 'error' })
      expect(answer.signsOut).toBe(true)
    }
    // Signed out: the same cookie is refused.
    const again = await get(claimEditorPage, as.readonly, path, params)
    expect(again.location).toMatch(/^\/login\?redirectTo=/)
    as.readonly = await cookieFor('readonly')
    as.underwriter = await cookieFor('underwriter')
    expect((await getClaim(testDb(), claim.clid))?.version).toBe(claim.version)
  })

  it('saves on the version read and redirects with the snackbar', async () => {
    const { claim } = await newClaim()
    const { path } = editor(claim.clid)
    const saved = await postOnVersion(as.claims, claim, 'save', {
      claimant: 'Integration Claimant',
      res_def: '1,250.50',
    })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(path)
    expect(saved.flash).toEqual({ message: CLAIM_MESSAGES.saved, kind: 'success' })
    const after = await getClaim(testDb(), claim.clid)
    expect(after?.claimant).toBe('Integration Claimant')
    expect(after?.res_def).toBe('1250.50')
  })

  it('answers a negative amount with 400 and the message at its field, saving nothing', async () => {
    const { claim } = await newClaim()
    const refused = await postOnVersion(as.claims, claim, 'save', { res_def: '-5' })
    expect(refused.status).toBe(400)
    expect(refused.body.intent).toBe('save')
    expect(refused.body.error).toBe(CLAIM_MESSAGES.mustBeNonNegative)
    const result = refused.body.result as { error: Record<string, string[]> }
    expect(result.error.res_def).toEqual([CLAIM_MESSAGES.mustBeNonNegative])
    expect((await getClaim(testDb(), claim.clid))?.version).toBe(claim.version)
  })

  it('answers a lost race with 409 and the current claim', async () => {
    const { claim } = await newClaim()
    const first = await postOnVersion(as.claims, claim, 'save', { claimant: 'First' })
    expect(first.status).toBe(302)
    const late = await postOnVersion(as.claims, claim, 'save', { claimant: 'Second' })
    expect(late.status).toBe(409)
    expect(late.body.intent).toBe('save')
    expect(late.body.error).toMatch(/Someone else saved this record/)
    const current = late.body.current as { clid: number; claimant: string; version: number }
    expect(current).toMatchObject({ clid: claim.clid, claimant: 'First', version: claim.version + 1 })
    expect((await getClaim(testDb(), claim.clid))?.claimant).toBe('First')
  })

  it('Zero answers the form with the remaining reserves zeroed, saving nothing', async () => {
    const { claim } = await newClaim()
    const zeroed = await postOnVersion(as.claims, claim, 'zero', { claimant: 'Typed', res_def: '100' })
    expect(zeroed.status).toBe(200)
    expect(zeroed.body.intent).toBe('zero')
    expect((zeroed.body.zeroed as Record<string, unknown>).claimant).toBe('Typed')
    expect((await getClaim(testDb(), claim.clid))?.version).toBe(claim.version)
  })

  it('adds, edits and deletes ledger entries: a snackbar without JavaScript, the message for a fetcher', async () => {
    const { claim } = await newClaim()
    const { path } = editor(claim.clid)
    const added = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-add',
      type: 'defense',
      amt: '300.00',
      dated: '2025-03-01',
      note: 'first invoice',
    })
    expect(added.status).toBe(302)
    expect(added.location).toBe(`${path}#ledger`)
    expect(added.flash).toEqual({ message: CLAIM_MESSAGES.ledgerSaved, kind: 'success' })
    const [entry] = await claimLedgerEntries(testDb(), claim.clid)
    expect(entry).toMatchObject({ type: 'defense', amt: '300.00', note: 'first invoice' })

    const edited = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-edit',
      js: '1',
      id: String(entry.id),
      version: String(entry.version),
      type: 'defense',
      amt: '350.00',
      dated: '2025-03-01',
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toEqual({ intent: 'ledger-edit', message: CLAIM_MESSAGES.ledgerSaved })
    const stale = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-edit',
      js: '1',
      id: String(entry.id),
      version: String(entry.version),
      type: 'defense',
      amt: '1.00',
      dated: '2025-03-01',
    })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatch(/Someone else changed this ledger entry/)
    expect((stale.body.current as { amt: string }).amt).toBe('350.00')
    const badAmount = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-add',
      type: 'defense',
      amt: '12,34.5x',
      dated: '2025-03-01',
    })
    expect(badAmount.status).toBe(400)
    expect((badAmount.body.result as { error: Record<string, string[]> }).error.amt).toBeDefined()

    const deleted = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-delete',
      id: String(entry.id),
    })
    expect(deleted.status).toBe(302)
    expect(deleted.flash).toEqual({ message: CLAIM_MESSAGES.ledgerDeleted, kind: 'success' })
    expect(await claimLedgerEntries(testDb(), claim.clid)).toEqual([])
    const gone = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-delete',
      js: '1',
      id: String(entry.id),
    })
    expect(gone.status).toBe(404)
    expect(gone.body.error).toBe('No such ledger entry.')
  })

  it("does not touch another claim's ledger entry through this claim's address", async () => {
    const { claim } = await newClaim()
    const { claim: other } = await newClaim()
    const entry = await createLedgerEntry(
      testDb(),
      other.clid,
      { type: 'monitor', amt: '10.00', dated: '2025-01-01', acct: null, cid: null, num: null, note: null },
      { id: claimsUserId, username: 'claims' },
    )
    const refused = await postEditor(as.claims, claim.clid, {
      intent: 'ledger-delete',
      id: String(entry.id),
    })
    expect(refused.status).toBe(404)
    expect(await claimLedgerEntries(testDb(), other.clid)).toHaveLength(1)
  })
})

describe('claims search (/search/claims/claimsSearch)', () => {
  const path = '/search/claims/claimsSearch'

  it('shows the empty form until a search is run; an empty search gets the spec message', async () => {
    const first = await get(claimsSearchPage, as.claims, path)
    expect(first.status).toBe(200)
    expect(first.body.state).toEqual({ kind: 'empty', message: null })
    const empty = await get(claimsSearchPage, as.claims, `${path}?run=1&clm_num=&carrier=`)
    expect(empty.body.state).toEqual({ kind: 'empty', message: CLAIM_MESSAGES.emptySearch })
  })

  it('runs the search its URL describes (a bookmark replays it), paged and with the chosen columns', async () => {
    const { firm, claim } = await newClaim()
    const page = await get(claimsSearchPage, as.claims, `${path}?run=1&fid=${firm.fid}&col=claimant&col=res_def`)
    const state = page.body.state as { kind: string; page: { count: number; result: { clid: number }[] } }
    expect(state.kind).toBe('results')
    expect(state.page.count).toBe(1)
    expect(state.page.result.map((row) => row.clid)).toEqual([claim.clid])
    expect(page.body.columns).toEqual([
      { key: 'clid', label: expect.any(String) },
      { key: 'claimant', label: expect.any(String) },
      { key: 'res_def', label: expect.any(String) },
    ])
    const none = await get(claimsSearchPage, as.claims, `${path}?run=1&fid=${firm.fid}&clm_num=no-such-claim-xyz`)
    expect(none.body.state).toMatchObject({ kind: 'results', message: CLAIM_MESSAGES.noResults })
  })

  it('answers a bad filter at its field, and stale paging falls back to defaults', async () => {
    const refused = await get(claimsSearchPage, as.claims, `${path}?run=1&res_def=12,000&page=x&size=7`)
    expect(refused.status).toBe(200)
    expect(refused.body.state).toMatchObject({ kind: 'invalid' })
    expect((refused.body.lastResult as { error: Record<string, string[]> }).error.res_def).toBeDefined()
    expect(refused.body.paging).toMatchObject({ page: 1, perPage: 15 })
  })

  it("opens a claim's facts in the full-text dialog its URL names; a stale one opens nothing", async () => {
    const { claim } = await newClaim()
    await testDb().update(claims).set({ facts: '<p>Long facts</p>' }).where(eq(claims.clid, claim.clid))
    const page = await get(claimsSearchPage, as.claims, `${path}?full=${claim.clid}:facts`)
    expect(page.body.full).toEqual({ clid: claim.clid, field: 'facts', label: 'Facts', html: '<p>Long facts</p>' })
    for (const stale of ['9999999999:facts', `${claim.clid}:other`, 'x'])
      expect((await get(claimsSearchPage, as.claims, `${path}?full=${stale}`)).body.full, stale).toBeNull()
  })

  it('is refused without claim-view', async () => {
    const page = await get(claimsSearchPage, as.underwriter, path)
    expect(page.status).toBe(302)
    expect(page.location).toBe('/')
  })
})

describe("Edit Claim's entry (/search/claims/editClaim)", () => {
  const path = '/search/claims/editClaim'

  it('opens a claim by its id; a bad id is 400 at the field with what was typed', async () => {
    const { claim } = await newClaim()
    const blank = await get(claimOpenPage, as.claims, path)
    expect(blank).toMatchObject({ status: 200, body: { clid: '', result: null } })
    const opened = await get(claimOpenPage, as.claims, `${path}?clid=${claim.clid}`)
    expect(opened.status).toBe(302)
    expect(opened.location).toBe(`/editClaim/${claim.clid}`)
    const refused = await get(claimOpenPage, as.claims, `${path}?clid=12x`)
    expect(refused.status).toBe(400)
    expect(refused.body.clid).toBe('12x')
    expect((refused.body.result as { error: Record<string, string[]> }).error.clid).toEqual([
      'Enter a claim ID: digits, from 1.',
    ])
  })

  it('creates a claim for a firm and opens it; without claim-edit the one 403 intent answer', async () => {
    const firm = await makeFirm(testDb())
    const created = await post(claimOpenPage, as.claims, path, {}, { fid: String(firm.fid) })
    expect(created.status).toBe(302)
    const clid = Number(created.location?.replace('/editClaim/', ''))
    expect((await getClaim(testDb(), clid))?.fid).toBe(firm.fid)

    const refused = await post(claimOpenPage, as.underwriter, path, {}, { fid: String(firm.fid) })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ intent: '', error: 'You do not have permission to view this page' })
    const count = await testDb().select({ clid: claims.clid }).from(claims).where(eq(claims.fid, firm.fid))
    expect(count).toHaveLength(1)
  })

  it('answers a missing firm id with 400 at the field and an unknown firm with 404', async () => {
    const missing = await post(claimOpenPage, as.claims, path, {}, { fid: '' })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('fid is required')
    const unknown = await post(claimOpenPage, as.claims, path, {}, { fid: '999999999' })
    expect(unknown.status).toBe(404)
  })
})
