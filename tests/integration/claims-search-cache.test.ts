import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { claims, contacts, firms, people, policies } from '#app/db/schema'
import { BORDEREAU_CLAIMS_VERSION } from '#app/models/bordereau.server'
import * as claim from '#app/models/claim.server'
import { readDataVersion } from '#app/models/data-version.server'
import { expectEachWriteReadBack, type CacheStep } from './cache-steps'
import { testDb } from './db'
import { makeFirmPolicy, makePerson } from './factories'

/**
 * The claims search's exact cache (decision 0038 §12): each search's answer kept under the
 * bordereau_claims version (migration 0029). Each write below is read back at once, through the cache,
 * and equals the search read afresh; a search that reads the firm's sort name (not followed by the
 * version) is read afresh every time; a write not yet committed is not seen, and is once committed.
 */

const WORD = `qc${(process.pid % 46_656).toString(36)}${Date.now().toString(36).slice(-4)}`
let fid = 0
let pid = 0
let cid = 0
let plid = 0
const clids: number[] = []

const COLUMNS = ['clm_num', 'claimant', 'status', 'res_def', 'defense', 'adj_cid', 'def_plid', 'insured', 'firm_state']
const SEARCHES: claim.ClaimSearch[] = [
  { filters: { claimant: WORD }, columns: COLUMNS, page: 1, perPage: 2, aggregates: ['res_def', 'defense'] },
  { filters: { claimant: WORD }, columns: COLUMNS, page: 2, perPage: 2, sortBy: 'res_def', sortDesc: true },
  { filters: { claimant: WORD, status: 'Open' }, columns: ['claimant', 'res_def'], page: 1, perPage: 10 },
  { filters: { claimant: WORD, firm_state: 'TX' }, columns: COLUMNS, page: 1, perPage: 10, aggregates: true },
]

async function read() {
  return Promise.all(SEARCHES.map((search) => claim.searchClaims(testDb(), search)))
}

/** Every search through the cache, then afresh. */
async function bothWays() {
  const cached = await read()
  const fresh = await Promise.all(SEARCHES.map((search) => claim.searchClaimsRead(testDb(), search)))
  return { cached, fresh }
}

async function addClaim(values: Partial<typeof claims.$inferInsert>) {
  const [row] = await testDb()
    .insert(claims)
    .values({ fid, pid, claimant: `${WORD} ${clids.length}`, status: 'Open', adj_cid: cid, def_plid: plid, ...values })
    .returning({ clid: claims.clid })
  clids.push(row!.clid)
  return row!.clid
}

beforeAll(async () => {
  const db = testDb()
  const made = await makeFirmPolicy(db)
  fid = made.firm.fid
  pid = made.policy.pid
  const [contact] = await db
    .insert(contacts)
    .values({ name1: 'Cache Adjusters', sort: 'CACHEADJ', type: '~Adjuster' })
    .returning()
  cid = contact!.cid
  plid = (await makePerson(db, fid, { surname: 'Counsel', given: 'Cache', cid })).plid
  await addClaim({ res_def: '1000.00' })
  await addClaim({ res_def: '2500.00', status: 'Closed' })
  await addClaim({ res_def: '12.34', defense: '99.00' })
})

beforeEach(() => claim.clearClaimsSearchCache())

describe('claims search cache', () => {
  it('reads each kind of write back at once, equal to the search read afresh', async () => {
    const db = testDb()
    expect((await bothWays()).cached[0]!.count).toBe(3)

    const steps: CacheStep[] = [
      ['a claim added', () => addClaim({ res_def: '5000.00' })],
      ['an amount changed', () => db.update(claims).set({ res_def: '7.00' }).where(eq(claims.clid, clids[0]!))],
      ['a claim closed', () => db.update(claims).set({ status: 'Closed' }).where(eq(claims.clid, clids[2]!))],
      [
        'an adjuster renamed',
        () => db.update(contacts).set({ name1: 'Renamed Adjusters' }).where(eq(contacts.cid, cid)),
      ],
      ['a counsel renamed', () => db.update(people).set({ surname: 'Renamed' }).where(eq(people.plid, plid))],
      [
        'the insured changed',
        () =>
          db
            .update(policies)
            .set({ insured: `Insured ${WORD}` })
            .where(eq(policies.pid, pid)),
      ],
      ['the firm moved', () => db.update(firms).set({ state: 'CO' }).where(eq(firms.fid, fid))],
      ['a claim deleted', () => db.delete(claims).where(eq(claims.clid, clids[3]!))],
    ]
    await expectEachWriteReadBack(steps, { version: BORDEREAU_CLAIMS_VERSION, read: bothWays })
  })

  it("reads a search by the firm's sort name afresh every time", async () => {
    const search: claim.ClaimSearch = { filters: { claimant: WORD }, columns: ['firm_sort'], page: 1, perPage: 10 }
    const before = await readDataVersion(testDb(), BORDEREAU_CLAIMS_VERSION)
    await claim.searchClaims(testDb(), search)
    await testDb()
      .update(firms)
      .set({ sort: `SORT ${WORD}` })
      .where(eq(firms.fid, fid))
    expect(await readDataVersion(testDb(), BORDEREAU_CLAIMS_VERSION)).toBe(before)
    const after = await claim.searchClaims(testDb(), search)
    expect(after.result[0]!.firm_sort).toBe(`SORT ${WORD}`)
  })

  it('does not see a claim written in a transaction not yet committed, and sees it once committed', async () => {
    const term = `${WORD}tx`
    const search = () =>
      claim.searchClaims(testDb(), { filters: { claimant: term }, columns: ['claimant'], page: 1, perPage: 10 })
    expect((await search()).count).toBe(0)
    let seenInside = -1
    await testDb().transaction(async (tx) => {
      await tx.insert(claims).values({ fid, claimant: term })
      seenInside = (await search()).count
    })
    expect(seenInside).toBe(0)
    expect((await search()).result.map((row) => row.claimant)).toEqual([term])
  })
})
