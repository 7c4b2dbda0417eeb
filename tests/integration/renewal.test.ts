import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { firms, policies } from '#app/db/schema'
import { WRITTEN_STATUSES } from '#app/domain/loss-run'
import * as policiesRenewals from '#app/routes/api.policies.renewals'
import * as reportsRenewals from '#app/routes/api.reports.renewals'
import * as renewalPage from '#app/routes/reports.Renewal'
import { makeFirm } from './factories'
import { api, cookieFor, get } from './route-calls'
import { testDb } from './db'

/**
 * Renewal (spec 3 §2.11, §5, §7; decision 0036): a month's written renewals whose prior policy (the one
 * the policy names, else the firm's latest written policy of the type before it) was with the prior
 * carrier. Each test's policies incept in November of next year, which no seeded policy reaches.
 */

let cookie: string
const TYPE = 'TEO'
const YEAR = 2027
const MONTH = 11
type Row = Record<string, string | number | null>

async function policy(fid: number, values: Partial<typeof policies.$inferInsert>) {
  const [made] = await testDb()
    .insert(policies)
    .values({ fid, type: TYPE, status: 'Book', carrier: 'Lloyds', premium: '1000.00', ...values })
    .returning({ pid: policies.pid })
  return made!.pid
}

const ids: Record<string, number> = {}

beforeAll(async () => {
  cookie = await cookieFor('claims')
  const db = testDb()
  const title = (await makeFirm(db, { type: 'Title Agency', insured: 'Renewal Named Title LLC' })).fid
  const other = (await makeFirm(db, { type: 'Title Agency', insured: 'Renewal Latest Title LLC' })).fid
  const lawFirm = (await makeFirm(db, { type: 'Law Firm', insured: 'Renewal Law LLP' })).fid
  const stale = (await makeFirm(db, { type: 'Title Agency', insured: 'Renewal Lapsed Title LLC' })).fid
  // Named prior (ppid): Lloyds → Markel.
  const namedPrior = await policy(title, { incept: '2026-11-10', expiry: '2027-11-10', premium: '900.00' })
  ids.named = await policy(title, {
    incept: '2027-11-10',
    expiry: '2028-11-10',
    ppid: namedPrior,
    carrier: 'Markel',
    premium: '1100.00',
    insured: '',
  })
  // No ppid: the firm's latest written policy of the type before it (a quote and an older one do not count).
  await policy(other, { incept: '2025-11-20', expiry: '2026-11-20', carrier: 'Markel' })
  await policy(other, { incept: '2026-11-20', expiry: '2027-11-20', premium: '750.50' })
  await policy(other, { incept: '2027-06-01', expiry: '2028-06-01', status: 'Quote', carrier: 'Markel' })
  ids.latest = await policy(other, { incept: '2027-11-20', expiry: '2028-11-20', premium: '800.00' })
  // Another firm type; a prior with another carrier; a policy with no prior within a year; a quote in the month.
  await policy(lawFirm, { incept: '2026-11-05', expiry: '2027-11-05' })
  ids.lawFirm = await policy(lawFirm, { incept: '2027-11-05', expiry: '2028-11-05' })
  const markelPrior = await policy(other, {
    incept: '2026-11-25',
    expiry: '2027-11-25',
    carrier: 'Markel',
    type: 'EPL',
  })
  await policy(other, { incept: '2027-11-25', type: 'EPL', ppid: markelPrior })
  await policy(stale, { incept: '2024-11-01', expiry: '2025-11-01' })
  await policy(stale, { incept: '2027-11-02', expiry: '2028-11-02' })
  await policy(title, { incept: '2027-11-28', status: 'Quote', ppid: ids.named })
})

const query = (extra = '') =>
  `prevCarrier=Lloyds&types=${TYPE}&types=EPL&firmTypes=Title%20Agency&month=${MONTH}&year=${YEAR}${extra}`

/** Every written policy's prior as the rule finds it, written apart from the migration's function. */
async function independentPriors() {
  const written = WRITTEN_STATUSES.map((status) => `'${status}'`).join(', ')
  const { rows } = await testDb().execute<Row>(
    sql.raw(`
    SELECT p.pid, p.fid, p.type, p.incept::text, f.type AS firm_type, p.carrier, p.premium::text, p.insured,
           COALESCE(n.pid, (SELECT q.pid FROM policies q
                              WHERE p.ppid IS NULL AND q.fid = p.fid AND q.type = p.type AND q.incept < p.incept
                                AND (q.expiry IS NULL OR q.expiry >= p.incept - 365) AND q.status IN (${written})
                              ORDER BY q.incept DESC, q.pid DESC LIMIT 1)) AS prior_pid
      FROM policies p JOIN firms f ON f.fid = p.fid LEFT JOIN policies n ON n.pid = p.ppid
     WHERE p.status IN (${written})`),
  )
  const prior = await testDb().execute<Row>(sql`SELECT pid, carrier, premium::text FROM policies`)
  const byPid = new Map(prior.rows.map((row) => [row.pid, row]))
  return rows
    .map((row): Row => ({
      ...row,
      prior_carrier: row.prior_pid === null ? null : (byPid.get(row.prior_pid)?.carrier ?? null),
      prior_premium: row.prior_pid === null ? null : (byPid.get(row.prior_pid)?.premium ?? null),
    }))
    .sort((a, b) => Number(a.pid) - Number(b.pid))
}

async function keptPriors() {
  const { rows } = await testDb().execute<Row>(sql`
    SELECT pid, fid, type, incept::text, firm_type, carrier, premium::text, insured, prior_pid, prior_carrier,
           prior_premium::text AS prior_premium
      FROM renewal_priors ORDER BY pid`)
  return rows
}

describe('renewal_priors (kept by triggers, migration 0026)', () => {
  it('equals the priors found apart after inserts, updates, deletes and a firm type change, read back at once', async () => {
    expect(await keptPriors()).toEqual(await independentPriors())
    const db = testDb()
    const firm = (await makeFirm(db, { type: 'Title Agency', insured: 'Renewal Kept Title LLC' })).fid
    const first = await policy(firm, {
      incept: '2025-03-01',
      expiry: '2026-03-01',
      carrier: 'Markel',
      premium: '10.00',
    })
    const second = await policy(firm, { incept: '2026-03-01', expiry: '2027-03-01', premium: '20.00' })
    const named = await policy(firm, { incept: '2027-03-01', expiry: '2028-03-01', ppid: first })
    const [row] = (await keptPriors()).filter((kept) => kept.pid === second)
    expect(row).toEqual(expect.objectContaining({ prior_pid: first, prior_carrier: 'Markel', prior_premium: '10.00' }))
    expect(await keptPriors()).toEqual(await independentPriors())
    // The named prior changes carrier and premium; the latest one stops being written; the firm's type changes.
    await db.update(policies).set({ carrier: 'Beazley', premium: '15.00' }).where(eq(policies.pid, first))
    await db.update(policies).set({ status: 'Quote' }).where(eq(policies.pid, second))
    await db.update(firms).set({ type: 'Law Firm' }).where(eq(firms.fid, firm))
    expect(await keptPriors()).toEqual(await independentPriors())
    const [renamed] = (await keptPriors()).filter((kept) => kept.pid === named)
    expect(renamed).toEqual(
      expect.objectContaining({ firm_type: 'Law Firm', prior_carrier: 'Beazley', prior_premium: '15.00' }),
    )
    // The named prior is deleted (its renewal's ppid is set null) and the rest go.
    await db.delete(policies).where(eq(policies.pid, first))
    expect(await keptPriors()).toEqual(await independentPriors())
    await db.delete(policies).where(eq(policies.fid, firm))
    expect((await keptPriors()).filter((kept) => kept.fid === firm)).toEqual([])
    expect(await keptPriors()).toEqual(await independentPriors())
  })
})

describe('GET /api/reports/renewals', () => {
  const call = (search: string) => api(reportsRenewals, cookie, 'GET', `/api/reports/renewals?${search}`)

  it('finds the prior policy by ppid, else the latest written one of the type within a year', async () => {
    const answer = await call(query())
    expect(answer.status).toBe(200)
    const body = answer.body as { data: Row[]; count: number }
    expect(body.count).toBe(2)
    expect(body.data).toEqual([
      expect.objectContaining({
        pid: ids.named,
        incept: '2027-11-10',
        insured: 'Renewal Named Title LLC', // the policy names none: the firm's
        carrier: 'Markel',
        premium: '1100.00',
        prior_carrier: 'Lloyds',
        prior_premium: '900.00',
      }),
      expect.objectContaining({ pid: ids.latest, carrier: 'Lloyds', prior_carrier: 'Lloyds', prior_premium: '750.50' }),
    ])
  })

  it('matches an independent count, and filters by carrier and firm type', async () => {
    const { rows } = await testDb().execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM policies p JOIN firms f USING (fid)
       WHERE p.incept >= '2027-11-01' AND p.incept < '2027-12-01' AND p.type IN (${TYPE}, 'EPL')
         AND f.type = 'Title Agency' AND p.status IN ('Book', 'Past', 'Current', 'History', 'Tail', 'Lost', 'dncLost')
         AND (SELECT q.carrier FROM policies q
               WHERE q.pid = p.ppid
                  OR (p.ppid IS NULL AND q.fid = p.fid AND q.type = p.type AND q.incept < p.incept
                      AND q.expiry >= p.incept - 365 AND q.status IN ('Book', 'Past', 'Current', 'History', 'Tail', 'Lost', 'dncLost'))
               ORDER BY q.incept DESC LIMIT 1) = 'Lloyds'
    `)
    expect(((await call(query())).body as { count: number }).count).toBe(rows[0]!.n)
    const markel = (await call(query('&carrier=Markel'))).body as { data: Row[] }
    expect(markel.data.map((row) => row.pid)).toEqual([ids.named])
    const law = (await call(query().replace('Title%20Agency', 'Law%20Firm'))).body as { data: Row[] }
    expect(law.data.map((row) => row.pid)).toEqual([ids.lawFirm])
    const fromMarkel = (await call(query().replace('prevCarrier=Lloyds', 'prevCarrier=Markel'))).body as {
      data: Row[]
    }
    expect(fromMarkel.data.map((row) => row.incept)).toEqual(['2027-11-25'])
  })

  it('pages and sorts on the server', async () => {
    const first = (await call(query('&perPage=1&sortBy=premium&sortDesc=true'))).body as Row
    expect(first).toMatchObject({ count: 2, page: 1, perPage: 1, totalpages: 2 })
    expect((first.data as unknown as Row[])[0]!.pid).toBe(ids.named)
    const second = (await call(query('&perPage=1&page=2&sortBy=premium&sortDesc=true'))).body as Row
    expect((second.data as unknown as Row[])[0]!.pid).toBe(ids.latest)
  })

  it("refuses a missing field with 'Field is required' and a year outside 2005 to next year", async () => {
    for (const search of [
      query().replace('prevCarrier=Lloyds&', ''),
      query().replace(`types=${TYPE}&types=EPL&`, ''),
      query().replace('firmTypes=Title%20Agency&', ''),
      query().replace(`month=${MONTH}&`, ''),
    ]) {
      const answer = await call(search)
      expect(answer.status, search).toBe(400)
      expect(answer.body.message).toContain('Field is required')
    }
    const nextYear = new Date().getFullYear() + 1
    expect((await call(query().replace(`year=${YEAR}`, 'year=2004'))).body.message).toContain(
      `Year must be 2005 to ${nextYear}`,
    )
    expect((await call(query('&sortBy=pid'))).status).toBe(400)
  })

  it('GET /api/policies/renewals answers the same', async () => {
    const same = await api(policiesRenewals, cookie, 'GET', `/api/policies/renewals?${query()}`)
    expect(same.body).toEqual((await call(query())).body)
  })
})

describe('/reports/Renewal', () => {
  const page = (search: string) => get(renewalPage, cookie, `/reports/Renewal?${search}`)

  it('opens on the defaults: prior carrier Lloyds, type FPL, the previous month', async () => {
    const answer = await page('')
    expect(answer.status).toBe(200)
    const now = new Date()
    const month = now.getMonth() === 0 ? 12 : now.getMonth()
    expect(answer.body).toMatchObject({
      values: { prevCarrier: 'Lloyds', types: ['FPL'], month: String(month) },
      state: { kind: 'empty' },
    })
  })

  it("runs from its URL, and marks a missing firm type 'Field is required'", async () => {
    const answer = await page(`run=1&${query()}&size=15&sort=premium&desc=1`)
    expect(answer.body.state).toMatchObject({
      kind: 'results',
      page: { total: 2, pages: 1, rows: [{ pid: ids.named }, { pid: ids.latest }] },
    })
    const missing = await page(`run=1&${query().replace('firmTypes=Title%20Agency&', '')}`)
    expect(missing.body.state).toEqual({ kind: 'invalid', message: 'Field is required' })
    const none = await page(`run=1&${query().replace(`year=${YEAR}`, 'year=2005')}`)
    expect(none.body.state).toMatchObject({ kind: 'results', message: 'There is no data available for that search.' })
  })
})
