import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { claims, firms, policies } from '#app/db/schema'
import { AGGREGATE_REPORT_FAILED } from '#app/domain/aggregate-report'
import { eq } from 'drizzle-orm'
import * as reportsApiRoute from '#app/routes/api.reports'
import { makeFirm } from './factories'
import { api, userWithScopes, userWithoutScopes } from './route-calls'
import { testDb } from './db'

/**
 * The aggregate reports (spec 3 §2.9, §3, §5, §7, §8; decision 0035): the rollups the triggers keep
 * (migration 0023) equal aggregates of the policies and claims computed here apart, after inserts,
 * updates, deletes and a firm's move; the API's rows and totals equal SQL written apart from the model.
 */

type Row = Record<string, string | number | null>
interface Answer {
  data: Row[]
  totals: Row | null
  columns: string[]
  count: number
  page: number
  perPage: number
  totalpages: number
}

let cookie: string
const CARRIER = `AggCo${Date.now() % 100000}`

const M = ['premium', 'reserve', 'monitor', 'defense', 'damages', 'total', 'res_mon', 'res_def']
const measureList = M.map((m) => `${m}_sum::text, ${m}_min::text, ${m}_max::text`).join(', ')

/** The firm rollup as it should be, straight from the records. */
async function independentFirmRollup() {
  const claimCols = (m: string) => {
    const e = m === 'total' ? '(c.monitor + c.defense + c.damages)' : `c.${m}`
    return m === 'premium'
      ? `'0.00' AS premium_sum, NULL AS premium_min, NULL AS premium_max`
      : `sum(${e})::text AS ${m}_sum, min(${e})::text AS ${m}_min, max(${e})::text AS ${m}_max`
  }
  const policyCols = (m: string) =>
    m === 'premium'
      ? `COALESCE(sum(p.premium), 0)::text AS premium_sum, min(p.premium)::text AS premium_min, max(p.premium)::text AS premium_max`
      : `'0.00' AS ${m}_sum, NULL AS ${m}_min, NULL AS ${m}_max`
  const { rows } = await testDb().execute<Row>(
    sql.raw(`
    SELECT * FROM (
      SELECT p.fid, 'policies' AS kind, COALESCE(p.carrier, '') AS carrier, COALESCE(p.type, '') AS type,
             COALESCE(p.contract, 0) AS contract, COALESCE(f.state, '') AS state, COALESCE(z.county, '') AS county,
             count(*)::int AS n, count(p.premium)::int AS n_premium, ${M.map(policyCols).join(', ')}
        FROM policies p JOIN firms f ON f.fid = p.fid LEFT JOIN zip_counties z ON z.zip = left(f.zip, 5)
       GROUP BY 1, 3, 4, 5, 6, 7
      UNION ALL
      SELECT c.fid, 'claims', COALESCE(c.carrier, ''), COALESCE(c.type, ''), COALESCE(c.contract, 0),
             COALESCE(f.state, ''), COALESCE(z.county, ''), count(*)::int, 0, ${M.map(claimCols).join(', ')}
        FROM claims c JOIN firms f ON f.fid = c.fid LEFT JOIN zip_counties z ON z.zip = left(f.zip, 5)
       GROUP BY 1, 3, 4, 5, 6, 7) x
    ORDER BY fid, kind, carrier, type, contract`),
  )
  return rows.map(normalise)
}

const normalise = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value === null ? null : /_(sum|min|max)$/.test(key) ? Number(value).toFixed(2) : value,
    ]),
  )

async function storedFirmRollup() {
  const { rows } = await testDb().execute<Row>(
    sql.raw(`SELECT fid, kind, carrier, type, contract, state, county, n, n_premium, ${measureList}
               FROM report_firm_rollup ORDER BY fid, kind, carrier, type, contract`),
  )
  return rows.map(normalise)
}

async function expectRollupsExact() {
  expect(await storedFirmRollup()).toEqual(await independentFirmRollup())
  const area = (table: string) =>
    testDb()
      .execute<Row>(
        sql.raw(
          table === 'report_area_rollup'
            ? `SELECT state, county, kind, carrier, type, contract, n, n_premium, ${measureList}
                 FROM report_area_rollup ORDER BY 1, 2, 3, 4, 5, 6`
            : `SELECT state, county, kind, carrier, type, contract, sum(n)::int AS n, sum(n_premium)::int AS n_premium,
                      ${M.map((m) => `sum(${m}_sum)::text AS ${m}_sum, min(${m}_min)::text AS ${m}_min, max(${m}_max)::text AS ${m}_max`).join(', ')}
                 FROM (SELECT p.fid, COALESCE(f.state, '') AS state, COALESCE(z.county, '') AS county, 'policies' AS kind,
                              COALESCE(p.carrier, '') AS carrier, COALESCE(p.type, '') AS type, COALESCE(p.contract, 0) AS contract,
                              1 AS n, CASE WHEN p.premium IS NULL THEN 0 ELSE 1 END AS n_premium,
                              COALESCE(p.premium, 0) AS premium_sum, p.premium AS premium_min, p.premium AS premium_max,
                              ${M.filter((m) => m !== 'premium')
                                .map((m) => `0 AS ${m}_sum, NULL::numeric AS ${m}_min, NULL::numeric AS ${m}_max`)
                                .join(', ')}
                         FROM policies p JOIN firms f ON f.fid = p.fid LEFT JOIN zip_counties z ON z.zip = left(f.zip, 5)
                       UNION ALL
                       SELECT c.fid, COALESCE(f.state, ''), COALESCE(z.county, ''), 'claims', COALESCE(c.carrier, ''),
                              COALESCE(c.type, ''), COALESCE(c.contract, 0), 1, 0, 0, NULL, NULL,
                              ${M.filter((m) => m !== 'premium')
                                .map((m) => (m === 'total' ? '(c.monitor + c.defense + c.damages)' : `c.${m}`))
                                .map((e) => `${e}, ${e}, ${e}`)
                                .join(', ')}
                         FROM claims c JOIN firms f ON f.fid = c.fid LEFT JOIN zip_counties z ON z.zip = left(f.zip, 5)) r
                GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
        ),
      )
      .then((result) => result.rows.map(normalise))
  expect(await area('report_area_rollup')).toEqual(await area('independent'))
  // Each firm's totals over every carrier, type and contract (migration 0025): the firm rollup grouped here.
  const totals = (table: string) =>
    testDb()
      .execute<Row>(
        sql.raw(
          table === 'report_firm_totals'
            ? `SELECT fid, kind, state, n, n_premium, ${measureList} FROM report_firm_totals ORDER BY fid, kind`
            : `SELECT fid, kind, min(state) AS state, sum(n)::int AS n, sum(n_premium)::int AS n_premium,
                      ${M.map((m) => `sum(${m}_sum)::text AS ${m}_sum, min(${m}_min)::text AS ${m}_min, max(${m}_max)::text AS ${m}_max`).join(', ')}
                 FROM report_firm_rollup GROUP BY fid, kind ORDER BY fid, kind`,
        ),
      )
      .then((result) => result.rows.map(normalise))
  expect(await totals('report_firm_totals')).toEqual(await totals('independent'))
  const counts = await testDb().execute<Row>(
    sql`SELECT c.kind, c.firms, (SELECT count(*)::int FROM report_firm_totals t WHERE t.kind = c.kind) AS counted
          FROM report_firm_totals_counts c ORDER BY 1`,
  )
  for (const row of counts.rows) expect(row.firms, `${row.kind} firms`).toBe(row.counted)
}

const report = async (body: unknown, who = cookie) =>
  api<Answer>(reportsApiRoute, who, 'POST', '/api/reports', {}, body)

let fidA: number
let fidB: number

beforeAll(async () => {
  cookie = await userWithScopes('agg.viewer', ['report-view'])
  fidA = (await makeFirm(testDb(), { state: 'AK', zip: '99553' })).fid
  fidB = (await makeFirm(testDb(), { state: 'NY', zip: '10001' })).fid
})

describe('the rollups', () => {
  it('knows the county of a ZIP from the package', async () => {
    const { rows } = await testDb().execute<{ county: string }>(
      sql`SELECT county FROM zip_counties WHERE zip = '99553'`,
    )
    expect(rows[0]?.county).toBe('Aleutians East')
  })

  it('equal the aggregates of the records after inserts, updates, deletes and a firm moving', async () => {
    const db = testDb()
    const made = await db
      .insert(policies)
      .values([
        { fid: fidA, status: 'Book', carrier: CARRIER, type: 'FPL', premium: '1000.00' },
        { fid: fidA, status: 'Book', carrier: CARRIER, type: 'FPL', premium: '3000.00' },
        { fid: fidA, status: 'Past', carrier: CARRIER, type: 'DO', premium: null },
        { fid: fidB, status: 'Book', carrier: CARRIER, type: 'FPL', premium: '500.00' },
      ])
      .returning({ pid: policies.pid })
    await db.insert(claims).values([
      {
        fid: fidA,
        pid: made[0]!.pid,
        carrier: CARRIER,
        type: 'FPL',
        monitor: '100.00',
        defense: '200.00',
        damages: '300.00',
        reserve: '50.00',
      },
      {
        fid: fidA,
        pid: made[1]!.pid,
        carrier: CARRIER,
        type: 'FPL',
        monitor: '0',
        defense: '1000.00',
        damages: '0',
        res_def: '75.00',
      },
      { fid: fidB, pid: made[3]!.pid, carrier: CARRIER, type: 'FPL', damages: '250.00' },
    ])
    await expectRollupsExact()

    await db.update(policies).set({ premium: '2000.00' }).where(eq(policies.pid, made[0]!.pid))
    await db.update(policies).set({ carrier: 'Lloyds' }).where(eq(policies.pid, made[2]!.pid))
    await db.update(claims).set({ damages: '900.00' }).where(eq(claims.fid, fidB))
    await expectRollupsExact()

    // The largest premium leaves: the group's maximum falls back to what is left.
    await db.delete(policies).where(eq(policies.pid, made[1]!.pid))
    await db.delete(claims).where(eq(claims.fid, fidB))
    await expectRollupsExact()

    // A firm moves: its rows follow it to its new state and county.
    await db.update(firms).set({ state: 'CA', zip: '90210' }).where(eq(firms.fid, fidB))
    await expectRollupsExact()
    const { rows } = await db.execute<{ state: string; county: string }>(
      sql`SELECT DISTINCT state, county FROM report_firm_rollup WHERE fid = ${fidB}`,
    )
    expect(rows).toEqual([{ state: 'CA', county: 'Los Angeles' }])
  })
  it('stay exact when two writers add to the same area at once (one waits for the other to commit)', async () => {
    const db = testDb()
    const one = await makeFirm(db, { state: 'TX', zip: '75001' })
    const two = await makeFirm(db, { state: 'TX', zip: '75001' })
    const policy = (fid: number, premium: string) => ({
      fid,
      status: 'Past' as const,
      carrier: `${CARRIER}-TX`,
      type: 'EPL',
      premium,
    })
    let wrote!: () => void
    let release!: () => void
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    const first = db.transaction(async (tx) => {
      await tx.insert(policies).values(policy(one.fid, '100.00'))
      wrote()
      await released
    })
    await firstWrote
    const second = db.transaction(async (tx) => {
      await tx.insert(policies).values(policy(two.fid, '200.00'))
    })
    // The second writer is now waiting on the first's uncommitted rollup rows.
    await new Promise((resolve) => setTimeout(resolve, 300))
    release()
    await Promise.all([first, second])
    await expectRollupsExact()
    const { rows } = await db.execute<{ n: number; premium_sum: string }>(
      sql`SELECT n, premium_sum::text FROM report_area_rollup
           WHERE state = 'TX' AND kind = 'policies' AND carrier = ${`${CARRIER}-TX`} AND type = 'EPL'`,
    )
    expect(rows).toEqual([{ n: 2, premium_sum: '300.00' }])
  })
})

describe('POST /api/reports', () => {
  it('answers the totals and the rows per state equal to SQL written apart (policies, SUM)', async () => {
    const answer = await report({ queryType: 'policies', aggType: 'sum', perPage: 100 })
    expect(answer.status).toBe(200)
    const { rows } = await testDb().execute<{ state: string; policies: string; premium: string | null }>(sql`
      SELECT COALESCE(f.state, '') AS state, count(*)::text AS policies, sum(p.premium)::text AS premium
        FROM policies p JOIN firms f ON f.fid = p.fid GROUP BY 1 ORDER BY 1`)
    expect(answer.body.count).toBe(rows.length)
    expect(answer.body.data.map((row) => [row.state, row.policies, Number(row.premium ?? 0)])).toEqual(
      rows.slice(0, 100).map((row) => [row.state, Number(row.policies), Number(row.premium ?? 0)]),
    )
    const total = await testDb().execute<{ n: string; premium: string }>(
      sql`SELECT count(*)::text AS n, sum(premium)::text AS premium FROM policies`,
    )
    expect(answer.body.totals?.policies).toBe(Number(total.rows[0]!.n))
    expect(Number(answer.body.totals?.premium)).toBe(Number(total.rows[0]!.premium))
  })

  it('filters by carrier and type and answers MIN, MAX, AVG and GLR per firm as SQL does', async () => {
    const where = { state: 'firm', carrier: [CARRIER], type: ['FPL'] }
    const expected = await testDb().execute<Row>(sql`
      SELECT p.fid, min(p.premium)::text AS min, max(p.premium)::text AS max, round(avg(p.premium), 2)::text AS avg,
             sum(p.premium) AS premium,
             (SELECT sum(c.monitor + c.defense + c.damages) FROM claims c WHERE c.fid = p.fid AND c.carrier = ${CARRIER} AND c.type = 'FPL') AS loss
        FROM policies p WHERE p.carrier = ${CARRIER} AND p.type = 'FPL' GROUP BY p.fid ORDER BY p.fid`)
    for (const aggType of ['min', 'max', 'avg'] as const) {
      const answer = await report({ queryType: 'policies', aggType, whereColumns: where })
      expect(answer.status).toBe(200)
      expect(answer.body.data.map((row) => [row.fid, Number(row.premium)])).toEqual(
        expected.rows.map((row) => [row.fid, Number(row[aggType])]),
      )
    }
    const glr = await report({ queryType: 'claims', aggType: 'glr', whereColumns: where, includeColumns: ['insured'] })
    expect(glr.status).toBe(200)
    expect(glr.body.data.map((row) => [row.fid, row.totalloss === null ? null : Number(row.totalloss)])).toEqual(
      expected.rows.map((row) => [
        row.fid,
        row.loss === null ? 0 : Math.round((Number(row.loss) / Number(row.premium)) * 10000) / 10000,
      ]),
    )
    expect(glr.body.data[0]?.insured).toMatch(/Factory Firm/)
  })

  it('drops empty carrier, type and contract filters (spec 3 §5)', async () => {
    const plain = await report({ queryType: 'claims' })
    const empty = await report({
      queryType: 'claims',
      whereColumns: { state: 'all', carrier: [], type: [''], contract: 0 },
    })
    const blank = await report({ queryType: 'claims', whereColumns: { carrier: '', type: null, contract: '' } })
    expect(empty.body).toEqual(plain.body)
    expect(blank.body).toEqual(plain.body)
    expect(plain.body.totals?.claims).toBeGreaterThan(0)
  })

  it('groups by zone and by county, and sorts on the server by a whitelisted column', async () => {
    const zones = await report({
      queryType: 'claims',
      whereColumns: { state: 'zone' },
      sortBy: 'claims',
      sortDesc: true,
    })
    expect(zones.status).toBe(200)
    const counts = zones.body.data.map((row) => Number(row.claims))
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(zones.body.data.map((row) => row.zone)).toEqual(expect.arrayContaining(['Western']))
    const counties = await report({ queryType: 'policies', whereColumns: { state: 'other', carrier: [CARRIER] } })
    expect(counties.body.data).toEqual([
      expect.objectContaining({ state: 'AK', county: 'Aleutians East', policies: 1, premium: '2000.00' }),
      expect.objectContaining({ state: 'CA', county: 'Los Angeles', policies: 1 }),
    ])
  })

  it('answers every firm sorted by a measure (the kept firm totals) as SQL over the records does', async () => {
    const byFirm = async (kind: 'policies' | 'claims', measure: string, agg: string, desc: boolean) => {
      const value =
        kind === 'policies'
          ? {
              sum: 'COALESCE(sum(x.premium), 0)',
              min: 'min(x.premium)',
              max: 'max(x.premium)',
              avg: 'round(COALESCE(sum(x.premium), 0) / NULLIF(count(x.premium), 0), 2)',
            }[agg]!
          : {
              sum: `sum(x.${measure})`,
              min: `min(x.${measure})`,
              max: `max(x.${measure})`,
              avg: `round(sum(x.${measure}) / count(*), 2)`,
            }[agg]!
      const { rows } = await testDb().execute<Row>(
        sql.raw(`SELECT x.fid, COALESCE(f.state, '') AS state, count(*)::int AS n, (${value})::text AS m
                   FROM ${kind === 'policies' ? 'policies' : '(SELECT c.*, c.monitor + c.defense + c.damages AS total FROM claims c)'} x
                   JOIN firms f ON f.fid = x.fid
                  GROUP BY x.fid, f.state ORDER BY ${value} ${desc ? 'DESC' : 'ASC'} NULLS LAST, x.fid LIMIT 100`),
      )
      return rows.map((row) => [row.fid, row.state, row.n, row.m === null ? null : Number(row.m)])
    }
    // The premium by every aggregate in both orders; a claim measure by each aggregate in one order.
    const cases = [
      ...(['sum', 'min', 'max', 'avg'] as const).flatMap((agg) =>
        [true, false].map((desc) => ['policies', 'premium', agg, desc] as const),
      ),
      ['claims', 'total', 'sum', true],
      ['claims', 'damages', 'sum', false],
      ['claims', 'reserve', 'avg', true],
      ['claims', 'res_def', 'max', true],
      ['claims', 'monitor', 'min', false],
    ] as const
    for (const [kind, measure, agg, desc] of cases) {
      const answer = await report({
        queryType: kind,
        aggType: agg,
        whereColumns: { state: 'firm' },
        sortBy: measure,
        sortDesc: desc,
        perPage: 100,
      })
      expect(answer.status).toBe(200)
      const count = kind === 'policies' ? 'policies' : 'claims'
      expect(
        answer.body.data.map((row) => [
          row.fid,
          row.state,
          row[count],
          row[measure] === null ? null : Number(row[measure]),
        ]),
        `${kind} ${agg} of ${measure} ${desc ? 'desc' : 'asc'}`,
      ).toEqual(await byFirm(kind, measure, agg, desc))
      const firms = await testDb().execute<{ n: number }>(sql.raw(`SELECT count(DISTINCT fid)::int AS n FROM ${kind}`))
      expect(answer.body.count).toBe(firms.rows[0]!.n)
    }
  })

  it('reads a policy written a moment ago from the kept firm totals, at once', async () => {
    const db = testDb()
    const firm = await makeFirm(db, { state: 'WY', zip: '82001' })
    await db
      .insert(policies)
      .values({ fid: firm.fid, status: 'Book', carrier: CARRIER, type: 'FPL', premium: '98765432.10' })
    const { rows } = await db.execute<{ n: number; premium_sum: string; state: string }>(
      sql`SELECT n, premium_sum::text, state FROM report_firm_totals WHERE fid = ${firm.fid} AND kind = 'policies'`,
    )
    expect(rows).toEqual([{ n: 1, premium_sum: '98765432.10', state: 'WY' }])
    const top = await report({
      queryType: 'policies',
      whereColumns: { state: 'firm' },
      sortBy: 'premium',
      sortDesc: true,
    })
    expect(top.body.data[0]).toEqual(
      expect.objectContaining({ fid: firm.fid, state: 'WY', policies: 1, premium: '98765432.10' }),
    )
    // A firm whose only policy has no premium: its minimum is null, last in either direction.
    const blank = await makeFirm(db, { state: 'WY', zip: '82001' })
    await db.insert(policies).values({ fid: blank.fid, status: 'Book', carrier: CARRIER, type: 'FPL', premium: null })
    const nulls = await testDb().execute<{ fid: number }>(
      sql`SELECT fid FROM report_firm_totals WHERE kind = 'policies' AND premium_min IS NULL ORDER BY fid`,
    )
    expect(nulls.rows.map((row) => row.fid)).toContain(blank.fid)
    for (const sortDesc of [true, false]) {
      const all: Row[] = []
      for (let page = 1; ; page++) {
        const answer = await report({
          queryType: 'policies',
          aggType: 'min',
          whereColumns: { state: 'firm' },
          sortBy: 'premium',
          sortDesc,
          perPage: 100,
          page,
        })
        all.push(...answer.body.data)
        if (page >= answer.body.totalpages) break
      }
      expect(all.slice(-nulls.rows.length).map((row) => [row.fid, row.premium])).toEqual(
        nulls.rows.map((row) => [row.fid, null]),
      )
    }
    await db.delete(policies).where(eq(policies.fid, blank.fid))
    await db.delete(policies).where(eq(policies.fid, firm.fid))
    const gone = await db.execute(sql`SELECT 1 FROM report_firm_totals WHERE fid = ${firm.fid}`)
    expect(gone.rows).toEqual([])
  })

  it("refuses a body that does not fit with the spec's message", async () => {
    for (const body of [
      { aggType: 'median' },
      { queryType: 'firms' },
      { sortBy: 'pid' },
      { queryType: 'policies', sortBy: 'damages' },
    ]) {
      const answer = await report(body)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ message: AGGREGATE_REPORT_FAILED })
    }
  })

  it('refuses a user without report-view', async () => {
    const answer = await report({}, await userWithoutScopes('agg.nobody'))
    expect(answer.status).toBe(403)
  })
})
