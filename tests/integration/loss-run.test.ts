import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { claims, policies } from '#app/db/schema'
import * as lossRunApiRoute from '#app/routes/api.reports.loss-run'
import * as lossRunPage from '#app/routes/reports.LossRun'
import { makeFirm } from './factories'
import { api, cookieFor, get } from './route-calls'
import { testDb } from './db'

/**
 * Loss Run (spec 3 §2.10, §5, §7; decision 0036): the rows and the Totals row equal sums computed here
 * apart from the report's own query, written policies only, reserves still open never below zero.
 */

let cookie: string
let fid: number
const CARRIER = 'Hiscox'
const TYPE = 'DO'

type Totals = Record<string, string | number>

beforeAll(async () => {
  cookie = await cookieFor('claims')
  const db = testDb()
  fid = (await makeFirm(db)).fid
  const policy = async (values: Partial<typeof policies.$inferInsert>) =>
    (
      await db
        .insert(policies)
        .values({ fid, carrier: CARRIER, type: TYPE, status: 'Past', premium: '1000.00', ...values })
        .returning({ pid: policies.pid })
    )[0]!.pid
  const older = await policy({ polnum: 'DO-23-1', incept: '2023-03-01', premium: '1200.50' })
  const newer = await policy({
    polnum: 'DO-24-1',
    incept: '2024-03-01',
    premium: '1310.25',
    status: 'Book',
    ppid: older,
  })
  const quiet = await policy({ polnum: 'DO-22-1', incept: '2022-03-01', premium: '999.99', status: 'History' })
  // Not in the report: a quote, another type, another carrier.
  const quote = await policy({ incept: '2025-03-01', status: 'Quote' })
  const otherType = await policy({ incept: '2024-06-01', type: 'EPL' })
  const otherCarrier = await policy({ incept: '2024-06-01', carrier: 'Aspen' })
  const claim = (pid: number, values: Partial<typeof claims.$inferInsert>) =>
    db.insert(claims).values({ fid, pid, carrier: CARRIER, type: TYPE, ...values })
  await claim(newer, {
    res_mon: '500.00',
    monitor: '120.10',
    cur_mon: '30.00',
    res_def: '10000.00',
    defense: '2500.55',
    cur_def: '400.00',
    reserve: '50000.00',
    damages: '10000.00',
    cur_dam: '0.01',
  })
  // Incurred past its reserve: the open reserve counts as 0, not negative.
  await claim(newer, { res_def: '1000.00', defense: '1500.00', cur_def: '100.00', reserve: '0', damages: '700.00' })
  await claim(older, { res_mon: '75.00', monitor: '75.00', defense: '333.33', damages: '0.67' })
  for (const pid of [quote, otherType, otherCarrier]) await claim(pid, { defense: '99999.00', damages: '99999.00' })
  // A claim of the carrier and type that names no policy: its own line, after the policies.
  await db.insert(claims).values({ fid, pid: null, carrier: CARRIER, type: TYPE, defense: '10.00', res_def: '15.00' })
  await db.insert(claims).values({ fid, pid: null, carrier: 'Aspen', type: TYPE, defense: '77.00' })
  void quiet
})

/** The report's figures, summed here from the claims and policies directly. */
async function independentTotals() {
  const { rows } = await testDb().execute<Record<string, string>>(sql`
    WITH chosen AS (
      SELECT pid, premium FROM policies
       WHERE fid = ${fid} AND carrier = ${CARRIER} AND type = ${TYPE}
         AND status IN ('Book', 'dncLost', 'Lost', 'Past', 'Tail', 'Current', 'History')
    ), amounts AS (
      SELECT count(*) AS n,
             sum(c.monitor) + sum(c.cur_mon) AS monitoring,
             sum(CASE WHEN c.res_mon > c.monitor + c.cur_mon THEN c.res_mon - c.monitor - c.cur_mon ELSE 0 END)
           + sum(CASE WHEN c.res_def > c.defense + c.cur_def THEN c.res_def - c.defense - c.cur_def ELSE 0 END)
           + sum(CASE WHEN c.reserve > c.damages + c.cur_dam THEN c.reserve - c.damages - c.cur_dam ELSE 0 END) AS reserves,
             sum(c.defense) + sum(c.cur_def) AS defense,
             sum(c.damages) + sum(c.cur_dam) AS damages
        FROM claims c
       WHERE c.pid IN (SELECT pid FROM chosen)
          OR (c.pid IS NULL AND c.fid = ${fid} AND c.carrier = ${CARRIER} AND c.type = ${TYPE})
    )
    SELECT (SELECT sum(premium) FROM chosen)::text AS premium, n::text AS claims_count,
           monitoring::text, reserves::text, defense::text, damages::text
      FROM amounts
  `)
  return rows[0]!
}

const cents = (text: string | number) => Math.round(Number(text) * 100)

describe('GET /api/reports/loss-run', () => {
  const call = (query: string) => api(lossRunApiRoute, cookie, 'GET', `/api/reports/loss-run?${query}`)

  it('answers each written policy of the carrier and type, newest first, and totals equal to sums taken apart', async () => {
    const answer = await call(`fid=${fid}&carrier=${CARRIER}&type=${TYPE}`)
    expect(answer.status).toBe(200)
    const body = answer.body as { data: Totals[]; totals: Totals; firm: { fid: number; name: string } }
    expect(body.firm.fid).toBe(fid)
    expect(body.data.map((row) => row.polnum)).toEqual(['DO-24-1', 'DO-23-1', 'DO-22-1', null])
    expect(body.data[3]).toMatchObject({ pid: null, claims_count: 1, defense: '10.00', reserves: '5.00' })
    const expected = await independentTotals()
    expect(cents(body.totals.premium!)).toBe(cents(expected.premium!))
    expect(body.totals.claims_count).toBe(Number(expected.claims_count))
    for (const key of ['monitoring', 'reserves', 'defense', 'damages'] as const)
      expect(cents(body.totals[key]!), key).toBe(cents(expected[key]!))
    // The figures by hand, so a shared mistake in both queries would show too.
    expect(body.totals).toMatchObject({
      premium: '3510.74',
      claims_count: 4,
      monitoring: '225.10',
      reserves: '47454.34',
      defense: '4843.88',
      damages: '10700.68',
    })
    // Every column shown: total = defense + damages + monitoring + reserves.
    expect(cents(body.totals.total!)).toBe(
      cents(expected.defense!) + cents(expected.damages!) + cents(expected.monitoring!) + cents(expected.reserves!),
    )
    // Each row's total, and the rows add up to the Totals row.
    for (const row of body.data)
      expect(cents(row.total!)).toBe(
        cents(row.defense!) + cents(row.damages!) + cents(row.monitoring!) + cents(row.reserves!),
      )
    expect(body.data.reduce((sum, row) => sum + cents(row.total!), 0)).toBe(cents(body.totals.total!))
  })

  it('leaves out the columns not asked for, and their amounts from the total', async () => {
    const answer = await call(`fid=${fid}&carrier=${CARRIER}&type=${TYPE}&fields=premium`)
    const body = answer.body as { data: Totals[]; totals: Totals }
    expect(Object.keys(body.totals)).toEqual(['premium', 'claims_count', 'defense', 'damages', 'total'])
    const expected = await independentTotals()
    expect(cents(body.totals.total!)).toBe(cents(expected.defense!) + cents(expected.damages!))
  })

  it("refuses a missing field with the spec's message, and an unknown firm with 'Failed to get firm'", async () => {
    const missing = await call(`carrier=${CARRIER}&type=${TYPE}`)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain('Field is required')
    const blankType = await call(`fid=${fid}&carrier=${CARRIER}&type=`)
    expect(blankType.status).toBe(400)
    expect(blankType.body.message).toContain('Field is required')
    const unknown = await call(`fid=999999999&carrier=${CARRIER}&type=${TYPE}`)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Failed to get firm')
    expect((await call(`fid=${fid}&carrier=${CARRIER}&type=${TYPE}&fields=everything`)).status).toBe(400)
  })
})

describe('/reports/LossRun', () => {
  const page = (query: string) => get(lossRunPage, cookie, `/reports/LossRun?${query}`)

  it('opens with the defaults and no report', async () => {
    const answer = await page('')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      values: { carrier: 'Lloyds', type: 'FPL', premium: 'on', reserves: 'on', monitor: 'on' },
      state: { kind: 'empty' },
    })
  })

  it('runs the report from its URL, with the same totals as the API', async () => {
    const answer = await page(`run=1&fid=${fid}&carrier=${CARRIER}&type=${TYPE}&reserves=on`)
    const state = answer.body.state as { kind: string; report: { rows: unknown[]; totals: Record<string, number> } }
    expect(state.kind).toBe('results')
    expect(state.report.rows).toHaveLength(4)
    const expected = await independentTotals()
    // Premium and monitor toggled off: the total leaves monitoring out, keeps the reserves.
    expect(state.report.totals.total).toBe(
      cents(expected.defense!) + cents(expected.damages!) + cents(expected.reserves!),
    )
  })

  it("marks a missing field 'Field is required' and an unknown firm 'Failed to get firm'", async () => {
    const missing = await page(`run=1&fid=&carrier=${CARRIER}&type=${TYPE}`)
    expect(missing.body.state).toEqual({ kind: 'invalid', message: 'Field is required' })
    const unknown = await page(`run=1&fid=999999999&carrier=${CARRIER}&type=${TYPE}`)
    expect(unknown.body.state).toEqual({ kind: 'invalid', message: 'Failed to get firm' })
    const none = await page(`run=1&fid=${fid}&carrier=Beazley&type=${TYPE}`)
    expect(none.body.state).toMatchObject({ kind: 'results', message: 'There is no data available for that search.' })
  })

  it('is refused without claim-view', async () => {
    const { userWithoutScopes } = await import('./route-calls')
    const answer = await get(lossRunPage, await userWithoutScopes('no.lossrun'), '/reports/LossRun')
    expect([302, 403]).toContain(answer.status)
  })
})
