import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ledgers, policies } from '#app/db/schema'
import * as bindAuthorityApiRoute from '#app/routes/api.reports.bindauthority'
import * as bindAuthorityPage from '#app/routes/_app.reports.bindauthority'
import { makeFirm } from './factories'
import { api, get, userWithScopes, userWithoutScopes } from './route-calls'
import { testDb } from './db'

/**
 * Bind Authority Production (spec 3 §2.7, §7; decision 0033): the totals and every row equal sums of
 * the ledger taken here apart from the report's tables (kept by triggers, migration 0020), read back
 * at once after each kind of write to the ledger and to a policy's status.
 */

let cookie: string
let fid: number

interface ApiAnswer {
  data: { pid: number; fid: number; stamp: string; error: string; amt: string; received: string; sort: number }[]
  totalUnpaid: string
  totalBooked: string
  totalReceived: string
  count: number
  page: number
  perPage: number
  totalpages: number
}

const cents = (text: string | number | null) => Math.round(Number(text ?? 0) * 100)

beforeAll(async () => {
  cookie = await userWithScopes('bind.viewer', ['bindauthority-view'])
  fid = (await makeFirm(testDb())).fid
})

/** The report's figures summed here straight from policies and ledgers. */
async function independent() {
  const { rows } = await testDb().execute<{ records: string; booked: string | null; received: string | null }>(sql`
    SELECT (SELECT count(*) FROM policies WHERE status = 'Book')::text AS records,
           (SELECT sum(l.amt) FROM ledgers l JOIN policies p ON p.pid = l.pid
             WHERE p.status = 'Book' AND l.type = 'Invoice')::text AS booked,
           (SELECT sum(l.amt) FROM ledgers l JOIN policies p ON p.pid = l.pid
             WHERE p.status = 'Book' AND l.type = 'Invoice' AND l.paid IS NOT NULL)::text AS received
  `)
  const row = rows[0]!
  return { records: Number(row.records), booked: cents(row.booked), received: cents(row.received) }
}

async function independentPolicy(pid: number) {
  const { rows } = await testDb().execute<{ booked: string | null; received: string | null }>(sql`
    SELECT sum(amt)::text AS booked, sum(amt) FILTER (WHERE paid IS NOT NULL)::text AS received
      FROM ledgers WHERE pid = ${pid} AND type = 'Invoice'
  `)
  return { booked: cents(rows[0]!.booked), received: cents(rows[0]!.received) }
}

const call = async (query = '') => {
  const answer = await api<ApiAnswer>(bindAuthorityApiRoute, cookie, 'POST', `/api/reports/bindauthority${query}`)
  expect(answer.status).toBe(200)
  return answer.body
}

async function expectTotalsMatch() {
  const body = await call('?perPage=1')
  const expected = await independent()
  expect(body.count).toBe(expected.records)
  expect(cents(body.totalBooked)).toBe(expected.booked)
  expect(cents(body.totalReceived)).toBe(expected.received)
  expect(cents(body.totalUnpaid)).toBe(expected.booked - expected.received)
  return body
}

const newPolicy = async (values: Partial<typeof policies.$inferInsert> = {}) =>
  (
    await testDb()
      .insert(policies)
      .values({ fid, status: 'Book', incept: '2099-01-01', premium: '1000.00', ...values })
      .returning({ pid: policies.pid })
  )[0]!.pid

const invoice = async (pid: number, amt: string, paid: string | null = null) =>
  (
    await testDb()
      .insert(ledgers)
      .values({ pid, type: 'Invoice', acct: 'Premium', amt, paid })
      .returning({ lid: ledgers.lid })
  )[0]!.lid

describe('POST /api/reports/bindauthority', () => {
  it('answers totals equal to the ledger summed apart, on the seeded data', async () => {
    const body = await expectTotalsMatch()
    expect(body.count).toBeGreaterThan(0)
  })

  it('keeps the totals and the row exact through every write, read back at once', async () => {
    const pid = await newPolicy({ incept: '2099-12-31' })
    await expectTotalsMatch()
    const first = await invoice(pid, '1234.56')
    await expectTotalsMatch()
    await invoice(pid, '100.00', '2099-01-05')
    // Entries that are not invoices change nothing.
    await testDb().insert(ledgers).values({ pid, type: 'Commission', acct: 'Producer Commission', amt: '-99.00' })
    let body = await expectTotalsMatch()
    // Newest inception first: the policy of 2099-12-31 leads the report.
    expect(body.data[0]).toEqual({
      pid,
      fid,
      stamp: '12-31-2099',
      error: 'Partly paid',
      amt: '1334.56',
      received: '100.00',
      sort: 1,
    })
    expect(await independentPolicy(pid)).toEqual({ booked: 133_456, received: 10_000 })
    // Paid, changed amount, moved to another policy, removed.
    await testDb()
      .update(ledgers)
      .set({ paid: '2099-02-01' })
      .where(sql`${ledgers.lid} = ${first}`)
    body = await expectTotalsMatch()
    expect(body.data[0]).toMatchObject({ pid, error: '', amt: '1334.56', received: '1334.56' })
    await testDb()
      .update(ledgers)
      .set({ amt: '2000.00' })
      .where(sql`${ledgers.lid} = ${first}`)
    await expectTotalsMatch()
    const other = await newPolicy({ status: 'Quote' })
    await testDb()
      .update(ledgers)
      .set({ pid: other })
      .where(sql`${ledgers.lid} = ${first}`)
    body = await expectTotalsMatch()
    expect(body.data[0]).toMatchObject({ pid, amt: '100.00', received: '100.00' })
    await testDb()
      .update(ledgers)
      .set({ type: 'Refund' })
      .where(sql`${ledgers.lid} = ${first}`)
    await expectTotalsMatch()
    await testDb()
      .delete(ledgers)
      .where(sql`${ledgers.pid} = ${pid} AND ${ledgers.type} = 'Invoice'`)
    body = await expectTotalsMatch()
    expect(body.data[0]).toMatchObject({ pid, error: 'No invoice in the ledger', amt: '0.00', received: '0.00' })
  })

  it('follows a policy into and out of Book with its ledger', async () => {
    const pid = await newPolicy({ status: 'Quote', incept: '2098-06-01' })
    await invoice(pid, '500.00', '2098-06-02')
    await invoice(pid, '250.25')
    const before = await expectTotalsMatch()
    await testDb()
      .update(policies)
      .set({ status: 'Book' })
      .where(sql`${policies.pid} = ${pid}`)
    const booked = await expectTotalsMatch()
    expect(booked.count).toBe(before.count + 1)
    expect(cents(booked.totalBooked) - cents(before.totalBooked)).toBe(75_025)
    expect(cents(booked.totalReceived) - cents(before.totalReceived)).toBe(50_000)
    await testDb()
      .update(policies)
      .set({ status: 'Past' })
      .where(sql`${policies.pid} = ${pid}`)
    const past = await expectTotalsMatch()
    expect(past.count).toBe(before.count)
    expect(past.totalBooked).toBe(before.totalBooked)
    // A Book policy without entries deleted leaves the count.
    const bare = await newPolicy()
    await expectTotalsMatch()
    await testDb()
      .delete(policies)
      .where(sql`${policies.pid} = ${bare}`)
    await expectTotalsMatch()
  })

  it('pages through the query string, newest inception first, with the rows matching the ledger', async () => {
    const body = await call('?page=2&perPage=50')
    expect(body.page).toBe(2)
    expect(body.perPage).toBe(50)
    expect(body.data.length).toBeLessThanOrEqual(50)
    expect(body.data[0]?.sort).toBe(51)
    const { rows } = await testDb().execute<{ pid: number }>(sql`
      SELECT pid FROM policies WHERE status = 'Book' ORDER BY incept DESC NULLS LAST, pid DESC LIMIT 50 OFFSET 50
    `)
    expect(body.data.map((row) => row.pid)).toEqual(rows.map((row) => Number(row.pid)))
    for (const row of body.data.slice(0, 10)) {
      const expected = await independentPolicy(row.pid)
      expect({ booked: cents(row.amt), received: cents(row.received) }).toEqual(expected)
    }
    const past = await call('?page=100000&perPage=1000')
    expect(past.page).toBe(past.totalpages)
    expect(past.data.length).toBeGreaterThan(0)
  })

  it('refuses a bad page or a perPage over the cap with 400', async () => {
    for (const query of ['?perPage=1001', '?perPage=0', '?page=x', '?page=0']) {
      const answer = await api(bindAuthorityApiRoute, cookie, 'POST', `/api/reports/bindauthority${query}`)
      expect(answer.status, query).toBe(400)
    }
    const big = await api(bindAuthorityApiRoute, cookie, 'POST', '/api/reports/bindauthority?perPage=1001')
    expect(big.body.message).toContain('perPage is at most 1000')
  })

  it('is refused without bindauthority-view', async () => {
    const answer = await api(
      bindAuthorityApiRoute,
      await userWithoutScopes('no.bind'),
      'POST',
      '/api/reports/bindauthority',
    )
    expect(answer.status).toBe(403)
  })
})

describe('/reports/bindauthority', () => {
  const page = (query: string) => get(bindAuthorityPage, cookie, `/reports/bindauthority${query}`)

  it('shows only the form until Generate Report', async () => {
    const answer = await page('')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ report: null, size: 100 })
  })

  it('runs the report from its URL with the totals of the ledger', async () => {
    const answer = await page('?run=1&size=250&page=2')
    const report = answer.body.report as {
      count: number
      page: number
      rows: { sort: number }[]
      totals: { booked: number; received: number; unpaid: number }
    }
    const expected = await independent()
    expect(report.count).toBe(expected.records)
    expect(report.totals).toEqual({
      booked: expected.booked,
      received: expected.received,
      unpaid: expected.booked - expected.received,
    })
    expect(report.page).toBe(2)
    expect(report.rows[0]?.sort).toBe(251)
  })
})
