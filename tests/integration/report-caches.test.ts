import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { claims, contacts, contracts, firms, listItems, policies, programs } from '#app/db/schema'
import { clearBordereauDownloads } from '#app/features/reports/bordereau/api.server'
import { aggregateReport, clearAreaReportCache, REPORT_AREAS_VERSION } from '#app/models/aggregate-report.server'
import {
  BORDEREAU_CLAIMS_VERSION,
  BORDEREAU_POLICIES_VERSION,
  claimBordereauPage,
  clearClaimBordereauCache,
  clearPolicyBordereauCache,
  policyBordereauPage,
} from '#app/models/bordereau.server'
import { readDataVersion } from '#app/models/data-version.server'
import * as downloadRoute from '#app/routes/api.reports.bordereau_.download'
import type { AggregateRequest } from '#app/schemas/aggregate-report'
import { testDb } from './db'
import { makeFirm } from './factories'
import { cookieFor } from './route-calls'

/**
 * The report pages' exact caches (decision 0041): the policies bordereau's pages and downloads under
 * the bordereau_policies version, the area groupings and totals under report_areas (migration 0028).
 * Each write below is read back at once, through the cache, and equals the answer read afresh.
 */

const YEAR = 2032
let contractId: number
let fid: number
let pids: number[]
let programId: number
let producerId: number
let accounting: string

async function makeData() {
  const db = testDb()
  const [contract] = await db
    .insert(contracts)
    .values({ contract: `CACHE${process.pid}${Date.now().toString(36)}`, carrier: 'Lloyds', section: '1' })
    .returning()
  const [producer] = await db
    .insert(contacts)
    .values({ name1: 'Cache Producer', sort: 'CACHE PROD', type: '~Producer', city: 'Austin' })
    .returning()
  const [program] = await db
    .insert(programs)
    .values({ name: 'Cache program', proid: producer!.cid, tax_type: 'SL' })
    .returning()
  const firm = await makeFirm(db, { zip: '78701', state: 'TX', fein: '11-1111111' })
  const made = await db
    .insert(policies)
    .values(
      [0, 1, 2].map((index) => ({
        fid: firm!.fid,
        status: 'Book' as const,
        contract: contract!.id,
        prid: program!.prid,
        period: `${YEAR}-05`,
        premium: `${1000 + index}.00`,
        mgacom: '0.1',
        insured: `Cache Insured ${index}`,
        polnum: `CP-${index}`,
        type: 'FPL',
      })),
    )
    .returning({ pid: policies.pid })
  contractId = contract!.id
  fid = firm!.fid
  pids = made.map((row) => row.pid)
  programId = program!.prid
  producerId = producer!.cid
}

beforeAll(async () => {
  accounting = await cookieFor('accounting')
  await makeData()
})

beforeEach(() => {
  clearPolicyBordereauCache()
  clearClaimBordereauCache()
  clearBordereauDownloads()
  clearAreaReportCache()
})

const page = () =>
  policyBordereauPage(testDb(), {
    contract: contractId,
    month: 5,
    year: YEAR,
    large: false,
    page: 1,
    perPage: 100,
    today: `${YEAR}-06-01`,
  })

/** The same page read afresh (the cache forgotten first). */
async function fresh() {
  clearPolicyBordereauCache()
  return page()
}

async function download(acceptEncoding?: string) {
  const request = new Request(
    `http://localhost/api/reports/bordereau/download?type=policies&contract=${contractId}&month=5&year=${YEAR}&format=csv`,
    { headers: { Cookie: accounting, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) } },
  )
  return (await downloadRoute.loader({ request, params: {}, context: {} } as never)) as Response
}

describe('the policies bordereau, kept under its version', () => {
  it('answers what the query answers, and the same again from the cache', async () => {
    const first = await page()
    expect(first.rows.map((row) => row.polnum)).toEqual(['CP-0', 'CP-1', 'CP-2'])
    expect(await page()).toBe(first)
    expect(await fresh()).toEqual(first)
  })

  it('shows a policy written a moment ago, its edit and its deletion on the very next read', async () => {
    const before = await readDataVersion(testDb(), BORDEREAU_POLICIES_VERSION)
    await page()
    const [added] = await testDb()
      .insert(policies)
      .values({
        fid,
        status: 'Book',
        contract: contractId,
        prid: programId,
        period: `${YEAR}-05`,
        premium: '5.00',
        polnum: 'CP-3',
      })
      .returning({ pid: policies.pid })
    expect(await readDataVersion(testDb(), BORDEREAU_POLICIES_VERSION)).not.toBe(before)
    const afterInsert = await page()
    expect(afterInsert.rows.map((row) => row.polnum)).toContain('CP-3')
    expect(afterInsert.totals.policies).toBe(4)

    await testDb().update(policies).set({ insured: 'Cache Insured, edited' }).where(eq(policies.pid, pids[0]!))
    expect((await page()).rows[0]!.insured).toBe('Cache Insured, edited')

    await testDb().delete(policies).where(eq(policies.pid, added!.pid))
    const afterDelete = await page()
    expect(afterDelete.rows.map((row) => row.polnum)).not.toContain('CP-3')
    expect(afterDelete).toEqual(await fresh())
  })

  it('follows what a row shows from elsewhere: the firm, the producer, the type name, the contract', async () => {
    await page()
    await testDb().update(firms).set({ zip: '73301', fein: '22-2222222' }).where(eq(firms.fid, fid))
    expect((await page()).rows[0]).toMatchObject({ zip: '73301', finnum: '22-2222222' })

    await testDb().update(contacts).set({ name1: 'Cache Producer, renamed' }).where(eq(contacts.cid, producerId))
    expect((await page()).rows[0]!.filername).toBe('Cache Producer, renamed')

    await testDb().update(programs).set({ tax_type: 'Admitted' }).where(eq(programs.prid, programId))
    expect((await page()).rows[0]!.filername).toBeNull()

    const [ptype] = await testDb()
      .select()
      .from(listItems)
      .where(sql`${listItems.type} = 'ptype' AND ${listItems.short} = 'FPL'`)
    if (ptype) {
      await testDb().update(listItems).set({ long: 'Cache type name' }).where(eq(listItems.lst_id, ptype.lst_id))
      expect((await page()).rows[0]!.usclassification).toBe('Cache type name')
      await testDb().update(listItems).set({ long: ptype.long }).where(eq(listItems.lst_id, ptype.lst_id))
    }

    await testDb().update(contracts).set({ section: '9' }).where(eq(contracts.id, contractId))
    const after = await page()
    expect(after.rows[0]!.sectionnum).toBe('9')
    expect(after).toEqual(await fresh())
  })

  it('downloads a kept file that follows a write at once, gzipped when asked', async () => {
    const first = await download()
    expect(first.status).toBe(200)
    const text = await first.text()
    expect(text).toContain('CP-1')
    expect(first.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))

    const zipped = await download('gzip, deflate')
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(text)

    await testDb().update(policies).set({ polnum: 'CP-1-renamed' }).where(eq(policies.pid, pids[1]!))
    const after = await (await download()).text()
    expect(after).toContain('CP-1-renamed')
    expect(after).not.toBe(text)
  })
})

describe('the claims bordereau, kept under its version', () => {
  const claimPage = () => claimBordereauPage(testDb(), { contract: contractId, large: true, page: 1, perPage: 100 })
  async function freshClaims() {
    clearClaimBordereauCache()
    return claimPage()
  }

  it('shows a claim written a moment ago, its edit, its firm\u2019s new address and its counsel at once', async () => {
    const before = await readDataVersion(testDb(), BORDEREAU_CLAIMS_VERSION)
    const empty = await claimPage()
    const [claim] = await testDb()
      .insert(claims)
      .values({ fid, pid: pids[2]!, clm_num: 'CACHE-1', claimant: 'Cache Claimant', reserve: '100.00', facts: 'Facts' })
      .returning({ clid: claims.clid })
    expect(await readDataVersion(testDb(), BORDEREAU_CLAIMS_VERSION)).not.toBe(before)
    const added = await claimPage()
    expect(added.count).toBe(empty.count + 1)
    const row = () => claimPage().then((page) => page.rows.find((item) => item.fkb_file_no === String(claim!.clid)))
    expect((await row())?.claimant).toBe('Cache Claimant')

    await testDb().update(claims).set({ claimant: 'Cache Claimant, edited' }).where(eq(claims.clid, claim!.clid))
    expect((await row())?.claimant).toBe('Cache Claimant, edited')

    await testDb().update(firms).set({ city: 'Cache City' }).where(eq(firms.fid, fid))
    expect((await row())?.city).toBe('Cache City')

    await testDb().update(claims).set({ def_cid: producerId }).where(eq(claims.clid, claim!.clid))
    await testDb().update(contacts).set({ name1: 'Cache Defense Firm' }).where(eq(contacts.cid, producerId))
    expect((await row())?.defense_counsel).toBe('Cache Defense Firm')

    await testDb().update(policies).set({ polnum: 'CP-2-renamed' }).where(eq(policies.pid, pids[2]!))
    expect((await row())?.policy_no).toBe('CP-2-renamed')
    expect(await claimPage()).toEqual(await freshClaims())

    await testDb().delete(claims).where(eq(claims.clid, claim!.clid))
    expect((await claimPage()).count).toBe(empty.count)
  })
})

describe('the area reports, kept under report_areas', () => {
  const request = (
    state: AggregateRequest['state'],
    aggType: AggregateRequest['aggType'] = 'sum',
  ): AggregateRequest => ({
    queryType: 'claims',
    aggType,
    state,
    extra: [],
    sortDesc: true,
    sortBy: 'claims',
    page: 1,
    perPage: 100,
    simple: false,
  })
  const report = (state: AggregateRequest['state'], aggType?: AggregateRequest['aggType']) =>
    aggregateReport(testDb(), request(state, aggType))
  async function freshReport(state: AggregateRequest['state'], aggType?: AggregateRequest['aggType']) {
    clearAreaReportCache()
    return report(state, aggType)
  }

  it('shows a claim written a moment ago in the county and zone groupings and the totals at once', async () => {
    const county = await report('other')
    const zone = await report('zone', 'glr')
    expect((await report('other')).rows).toBe(county.rows)
    const before = await readDataVersion(testDb(), REPORT_AREAS_VERSION)

    await testDb().insert(claims).values({ fid, pid: pids[0]!, reserve: '12345.00', damages: '1000.00' })
    expect(await readDataVersion(testDb(), REPORT_AREAS_VERSION)).not.toBe(before)
    const countyAfter = await report('other')
    expect(countyAfter.totals!.claims).toBe(Number(county.totals!.claims) + 1)
    expect(countyAfter).toEqual(await freshReport('other'))
    const zoneAfter = await report('zone', 'glr')
    expect(zoneAfter).not.toEqual(zone)
    expect(zoneAfter).toEqual(await freshReport('zone', 'glr'))
  })

  it('follows a state moved to another zone at once', async () => {
    await report('zone')
    const { rows } = await testDb().execute<{ zone: string }>(sql`SELECT zone FROM zones WHERE state = 'TX'`)
    await testDb().execute(sql`UPDATE zones SET zone = 'Cache Zone' WHERE state = 'TX'`)
    try {
      const moved = await report('zone')
      expect(moved.rows.map((row) => row.zone)).toContain('Cache Zone')
      expect(moved).toEqual(await freshReport('zone'))
    } finally {
      await testDb().execute(sql`UPDATE zones SET zone = ${rows[0]!.zone} WHERE state = 'TX'`)
    }
  })
})
