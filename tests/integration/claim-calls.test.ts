import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CLAIM_MESSAGES } from '#app/domain/claims'
import { createClaim } from '#app/models/claim.server'
import * as claimsSearch from '#app/routes/api.claims.search'
import * as editClaim from '#app/routes/editClaim.$id'
import { makeFirm } from './factories'
import { api, cookieFor } from './route-calls'
import { testDb } from './db'

/** Issue 23 item 9: the claims search call keeps the page's empty-search rule; the editor says when rights fail. */

let claims: string

beforeAll(async () => {
  claims = await cookieFor('claims')
})

describe('POST /api/claims/search', () => {
  const search = (body: unknown) => api(claimsSearch, claims, 'POST', '/api/claims/search', {}, body)

  it('refuses a search with nothing filled and no column, as the search page does (spec 3 §5)', async () => {
    for (const body of [
      {},
      { checkedColumns: ['clid'] },
      { includeColumns: ['clid'], whereColumns: { status: ' ' } },
    ]) {
      const answer = await search(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body).toEqual({
        status: 'EMPTY_SEARCH',
        message: 'At least one search field must be filled to run a search.',
      })
    }
    // simple answers only ids, so it chooses no column: it needs a field too.
    expect((await search({ simple: true, checkedColumns: ['claimant'] })).status).toBe(400)
  })

  it('searches with one field filled, or with a column chosen', async () => {
    const byField = await search({ whereColumns: { status: 'Open' }, perPage: 5 })
    expect(byField.status).toBe(200)
    expect((byField.body.result as unknown[]).length).toBeGreaterThan(0)
    const byColumn = await search({ checkedColumns: ['claimant'], perPage: 5 })
    expect(byColumn.status).toBe(200)
    expect(Object.keys((byColumn.body.result as Record<string, unknown>[])[0]!)).toEqual(['clid', 'claimant'])
    // includeColumns alone chooses the columns too (the checked ones left out).
    const included = await search({
      checkedColumns: ['claimant'],
      includeCheckColumns: false,
      includeColumns: ['status'],
      perPage: 5,
    })
    expect(included.status).toBe(200)
    expect(Object.keys((included.body.result as Record<string, unknown>[])[0]!)).toEqual(['clid', 'status'])
  })
})

describe('the claim editor when the rights cannot be read (spec 3 §8)', () => {
  it("answers 503 with 'Failed to get rights.' instead of the generic error, then works again", async () => {
    const firm = await makeFirm(testDb())
    const claim = await createClaim(testDb(), firm.fid, null)
    const open = () => api(editClaim, claims, 'GET', `/editClaim/${claim.clid}`, { id: String(claim.clid) })
    expect((await open()).status).toBe(200)
    // The rights are the user's scopes, read with the session: take the app's read of the scopes away.
    await testDb().execute(sql`REVOKE SELECT ON scopes FROM CURRENT_USER`)
    try {
      const refused = await open()
      expect(refused.status).toBe(503)
      expect(refused.body).toEqual({ message: CLAIM_MESSAGES.rightsFailed, status: 'RIGHTS_FAILED' })
      expect(CLAIM_MESSAGES.rightsFailed).toBe('Failed to get rights.')
      const save = await api(editClaim, claims, 'POST', `/editClaim/${claim.clid}`, { id: String(claim.clid) })
      expect(save.status).toBe(503)
    } finally {
      await testDb().execute(sql`GRANT SELECT ON scopes TO CURRENT_USER`)
    }
    expect((await open()).status).toBe(200)
  })

  it('keeps the guard’s own answers: a signed-out user goes to sign in', async () => {
    const answer = await api(editClaim, null, 'GET', '/editClaim/1', { id: '1' })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  })
})
