import dayjs from 'dayjs'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ledgers, notes, policies } from '#app/db/schema'
import * as reportRoute from '#app/routes/api.reports.$report'
import * as reportsRoute from '#app/routes/api.reports'
import { makeFirm } from './factories'
import { api, userWithoutScopes, userWithScopes } from './route-calls'
import { testDb } from './db'

/**
 * GET /api/reports/:report and GET /api/reports (spec 3 §7 "Other report endpoints seen"; decision
 * 0037): each report's rows and totals against SQL written here apart from the report's own query —
 * over the ledger itself where the report reads tables the triggers keep (deposits per day, client
 * balances, a policy's entry count), read back at once after each kind of write.
 */

let cookie: string
let fid: number
const today = dayjs().format('YYYY-MM-DD')
const daysAgo = (days: number) => dayjs().subtract(days, 'day').format('YYYY-MM-DD')
const cents = (text: unknown) => Math.round(Number(text ?? 0) * 100)

type Body = Record<string, unknown> & {
  data: Record<string, unknown>[]
  count: number
  page: number
  perPage: number
  totalpages: number
  message?: string
}

const call = (path: string, who = cookie) =>
  api<Body>(reportRoute, who, 'GET', `/api/reports/${path}`, { report: path.split('?')[0]! })

async function ok(path: string) {
  const answer = await call(path)
  expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200)
  return answer.body
}

async function refused(path: string, status: number, message: string) {
  const answer = await call(path)
  expect(answer.status, path).toBe(status)
  expect(answer.body.message, path).toContain(message)
}

async function rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await testDb().execute<T>(query)).rows
}

const newPolicy = async (values: Partial<typeof policies.$inferInsert> = {}) =>
  (
    await testDb()
      .insert(policies)
      .values({
        fid,
        status: 'Book',
        incept: '2031-01-01',
        premium: '1000.00',
        polnum: 'P-1',
        bound: '2030-12-01',
        ...values,
      })
      .returning({ pid: policies.pid })
  )[0]!.pid

const entry = async (values: Partial<typeof ledgers.$inferInsert> & { pid: number }) =>
  (
    await testDb()
      .insert(ledgers)
      .values({ type: 'Invoice', acct: 'Premium', amt: '100.00', ...values })
      .returning({ lid: ledgers.lid })
  )[0]!.lid

/** Writes straight to the ledger (as the office's other tools may): an entry changed, entries removed. */
const changeEntry = (lid: number, values: Partial<typeof ledgers.$inferInsert>) =>
  testDb()
    .update(ledgers)
    .set(values)
    .where(sql`${ledgers.lid} = ${lid}`)
const removeEntries = (by: { lid: number } | { pid: number }) =>
  testDb()
    .delete(ledgers)
    .where('lid' in by ? sql`${ledgers.lid} = ${by.lid}` : sql`${ledgers.pid} = ${by.pid}`)

beforeAll(async () => {
  cookie = await userWithScopes('ledger.reports', ['report-view'])
  fid = (await makeFirm(testDb())).fid
})

describe('GET /api/reports/:report, the dispatch', () => {
  it('answers 404 naming the reports for an unknown name', async () => {
    await refused('nonsense', 404, "No report named 'nonsense'. The reports are: aging, client-balances")
  })

  it('answers 501 with the reason for nga-summary, which the data model cannot source', async () => {
    await refused('nga-summary', 501, 'nga-summary is not supported: the data model holds no NGA')
  })

  it('is refused without report-view', async () => {
    const outsider = await userWithoutScopes('no.reports')
    for (const path of ['aging', 'status', 'nonsense']) expect((await call(path, outsider)).status, path).toBe(403)
    expect((await api(reportsRoute, outsider, 'GET', '/api/reports')).status).toBe(403)
  })

  it('refuses paging, orders, directions and fields outside their whitelists with the parameter named', async () => {
    await refused('aging?perPage=1001', 400, 'perPage is at most 1000')
    await refused('aging?perPage=0', 400, 'perPage is at least 1')
    await refused('aging?page=0', 400, 'page must be 1 or more')
    await refused('aging?page=x', 400, 'page must be a number')
    await refused('aging?orders=premium', 400, 'orders must be one of due, amt, pid, lid')
    await refused('aging?orders=due&directions=up', 400, 'directions must be asc or desc')
    await refused('aging?orders=due&directions=asc,desc', 400, 'directions: one per order at most')
    await refused('aging?aging=120', 400, 'aging must be one of 0-30, 31-60, 61-90, 90+, all')
    await refused('status?fields=pid,secret', 400, 'fields must be one of pid, fid, status')
    await refused('status?report=quote', 400, 'report must be one of book, lost')
    await refused('newly-firms?since=2026-02-30', 400, 'since must be a date, YYYY-MM-DD')
    await refused('exceptions?scope=ordered', 400, 'scope must be one of nonum, bound')
    await refused('deposit-balances?date=week', 400, 'date must be one of day, month, year')
    await refused('client-balances?balance=all', 400, 'balance must be one of receivables, payables')
    await refused('client-balances?client=abc', 400, 'client must be a record id')
    await refused('payments?payment=cash', 400, 'payment must be one of received, disbursed')
    await refused('summary', 400, 'report must be one of aging')
  })
})

describe('GET /api/reports', () => {
  it('lists the report calls with their parameters, orders and fields, by name either way', async () => {
    const answer = await api<{
      data: { name: string; supported: boolean; orders: string[]; reason?: string }[]
      count: number
    }>(reportsRoute, cookie, 'GET', '/api/reports')
    expect(answer.status).toBe(200)
    const names = answer.body.data.map((entry) => entry.name)
    expect(names).toEqual([...names].sort())
    expect(answer.body.count).toBe(12)
    expect(answer.body.data.find((entry) => entry.name === 'nga-summary')).toMatchObject({ supported: false })
    expect(answer.body.data.find((entry) => entry.name === 'aging')?.orders).toEqual(['due', 'amt', 'pid', 'lid'])
    const reversed = await api<{ data: { name: string }[] }>(
      reportsRoute,
      cookie,
      'GET',
      '/api/reports?orders=name&directions=desc',
    )
    expect(reversed.body.data.map((entry) => entry.name)).toEqual([...names].reverse())
    const bad = await api<{ message: string }>(reportsRoute, cookie, 'GET', '/api/reports?orders=size')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('orders must be one of name')
  })
})

describe('aging', () => {
  it('buckets the unpaid invoices by days past due, totals and rows as the ledger has them', async () => {
    const pid = await newPolicy()
    // One invoice in each bucket, one without a due date, one paid and one not an invoice (both out).
    for (const days of [-5, 30, 31, 60, 61, 90, 91, 400]) await entry({ pid, due: daysAgo(days), amt: '10.01' })
    await entry({ pid, due: null, amt: '7.00' })
    await entry({ pid, due: daysAgo(100), paid: daysAgo(50), amt: '999.00' })
    await entry({ pid, type: 'Commission', due: daysAgo(100), amt: '-5.00' })
    const body = await ok('aging')
    const expected = await rows<{ bucket: string; n: number; amt: string }>(sql`
      SELECT CASE WHEN due IS NULL THEN 'undated'
                  WHEN ${today}::date - due <= 30 THEN '0-30'
                  WHEN ${today}::date - due <= 60 THEN '31-60'
                  WHEN ${today}::date - due <= 90 THEN '61-90' ELSE '90+' END AS bucket,
             count(*)::int AS n, sum(amt)::text AS amt
        FROM ledgers WHERE type = 'Invoice' AND paid IS NULL GROUP BY 1
    `)
    const of = (bucket: string) => expected.find((row) => row.bucket === bucket)
    const totals = body.totals as {
      count: number
      amount: string
      buckets: { bucket: string; count: number; amount: string }[]
      undated: { count: number; amount: string }
    }
    for (const bucket of totals.buckets) {
      expect(bucket.count, bucket.bucket).toBe(Number(of(bucket.bucket)?.n ?? 0))
      expect(cents(bucket.amount), bucket.bucket).toBe(cents(of(bucket.bucket)?.amt))
    }
    expect(totals.undated.count).toBe(Number(of('undated')?.n ?? 0))
    expect(totals.count).toBe(expected.reduce((sum, row) => sum + Number(row.n), 0))
    expect(body.count).toBe(totals.count)

    const old = await ok('aging?aging=90%2B&orders=amt,due&directions=desc,asc&perPage=1000')
    const oldRows = await rows<{ lid: number }>(sql`
      SELECT lid FROM ledgers WHERE type = 'Invoice' AND paid IS NULL AND ${today}::date - due > 90
       ORDER BY amt DESC, due ASC, lid DESC LIMIT 1000
    `)
    expect(old.data.map((row) => row.lid)).toEqual(oldRows.map((row) => Number(row.lid)))
    // An unencoded '+' (a space once decoded) asks for the same bucket.
    expect((await ok('aging?aging=90+&orders=amt,due&directions=desc,asc&perPage=1000')).data).toEqual(old.data)
    const mine = old.data.find((row) => row.pid === pid && row.days === 400)
    expect(mine).toMatchObject({ fid, amt: '10.01', due: daysAgo(400), bucket: '90+' })
  })
})

describe('status', () => {
  it('pages the book and lost policies newest inception first, with the count per status', async () => {
    const body = await ok('status?perPage=50&page=2')
    const counts = await rows<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM policies WHERE status IN ('Book') GROUP BY status`,
    )
    expect(body.count).toBe(Number(counts[0]?.n ?? 0))
    const expected = await rows<{ pid: number }>(sql`
      SELECT pid FROM policies WHERE status = 'Book' ORDER BY incept DESC NULLS LAST, pid DESC LIMIT 50 OFFSET 50
    `)
    expect(body.data.map((row) => row.pid)).toEqual(expected.map((row) => Number(row.pid)))

    const lost = await ok('status?report=lost&orders=pid&fields=pid,status,premium')
    const lostCounts = await rows<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM policies WHERE status = 'Lost' OR status = 'dncLost' GROUP BY status`,
    )
    expect((lost.totals as { statuses: { status: string; count: number }[] }).statuses).toEqual(
      ['Lost', 'dncLost'].map((status) => ({
        status,
        count: Number(lostCounts.find((row) => row.status === status)?.n ?? 0),
      })),
    )
    expect(Object.keys(lost.data[0] ?? { pid: 0, status: 0, premium: 0 }).sort()).toEqual(['pid', 'premium', 'status'])
    const lostPids = await rows<{ pid: number }>(
      sql`SELECT pid FROM policies WHERE status IN ('Lost', 'dncLost') ORDER BY pid ASC LIMIT 100`,
    )
    expect(lost.data.map((row) => row.pid)).toEqual(lostPids.map((row) => Number(row.pid)))
  })
})

describe('newly-firms', () => {
  it('lists the firms added since a date, newest first', async () => {
    const made = await makeFirm(testDb(), { insured: 'Newly Added Firm LLC' })
    const body = await ok(`newly-firms?since=${daysAgo(1)}&perPage=5`)
    expect(body.data[0]).toMatchObject({ fid: made.fid, insured: 'Newly Added Firm LLC' })
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM firms WHERE created_at >= ${daysAgo(1)}::date`,
    )
    // The count stops 1000 rows past the page (then `more`).
    expect(body.count).toBe(Math.min(Number(count!.n), 1000))
    expect(body.more).toBe(Number(count!.n) > 1000)
    const none = await ok('newly-firms?since=2999-01-01')
    expect(none).toMatchObject({ count: 0, data: [] })
  })
})

describe('exceptions', () => {
  it('finds booked policies without a number or a bound date', async () => {
    const noNumber = await newPolicy({ polnum: null, incept: '2032-05-01' })
    const blank = await newPolicy({ polnum: '  ', incept: '2032-04-01' })
    const unbound = await newPolicy({ bound: null, incept: '2032-03-01' })
    await newPolicy({ status: 'Quote', polnum: null, bound: null })
    const nonum = await ok('exceptions')
    const expected = await rows<{ pid: number }>(sql`
      SELECT pid FROM policies WHERE status = 'Book' AND coalesce(trim(polnum), '') = '' ORDER BY incept DESC NULLS LAST, pid DESC
    `)
    expect(nonum.data.map((row) => row.pid)).toEqual(expected.map((row) => Number(row.pid)))
    expect(nonum.data.map((row) => row.pid)).toEqual(expect.arrayContaining([noNumber, blank]))
    const bound = await ok('exceptions?scope=bound&orders=pid')
    const boundExpected = await rows<{ pid: number }>(
      sql`SELECT pid FROM policies WHERE status = 'Book' AND bound IS NULL ORDER BY pid`,
    )
    expect(bound.data.map((row) => row.pid)).toEqual(boundExpected.map((row) => Number(row.pid)))
    expect(bound.data.map((row) => row.pid)).toContain(unbound)
  })
})

describe('past-policies-without-entries', () => {
  it('follows the ledger: a Past policy leaves the report with its first entry and comes back without it', async () => {
    const pid = await newPolicy({ status: 'Past', incept: '2033-01-01' })
    const independent = async () =>
      rows<{ pid: number }>(sql`
        SELECT p.pid FROM policies p WHERE p.status = 'Past' AND NOT EXISTS (SELECT 1 FROM ledgers l WHERE l.pid = p.pid)
         ORDER BY p.incept DESC NULLS LAST, p.pid DESC LIMIT 1000
      `)
    const check = async () => {
      const body = await ok('past-policies-without-entries?perPage=1000')
      const expected = await independent()
      expect(body.data.map((row) => row.pid)).toEqual(expected.map((row) => Number(row.pid)))
      return body.data.map((row) => row.pid)
    }
    expect(await check()).toContain(pid)
    const lid = await entry({ pid })
    const second = await entry({ pid, type: 'Tax', acct: 'Taxes', amt: '-3.00' })
    expect(await check()).not.toContain(pid)
    await removeEntries({ lid })
    expect(await check()).not.toContain(pid)
    const other = await newPolicy({ status: 'Quote' })
    await changeEntry(second, { pid: other })
    expect(await check()).toContain(pid)
  })
})

describe('ledgers-checks', () => {
  it("lists one check's entries, at most 30 a page, with their total", async () => {
    const pid = await newPolicy()
    for (const amt of ['-10.00', '-20.50', '-5.25'])
      await entry({ pid, type: 'Commission', acct: 'Producer Commission', num: 'CHK-REPORT-1', amt })
    await entry({ pid, num: 'CHK-REPORT-2', amt: '1.00' })
    const body = await ok('ledgers-checks?check=CHK-REPORT-1&orders=amt&fields=lid,amt,num')
    const [sum] = await rows<{ n: number; amt: string }>(
      sql`SELECT count(*)::int AS n, sum(amt)::text AS amt FROM ledgers WHERE num = 'CHK-REPORT-1'`,
    )
    expect(body.count).toBe(3)
    expect(cents(body.amount)).toBe(cents(sum!.amt))
    expect(body.data.map((row) => row.amt)).toEqual(['-20.50', '-10.00', '-5.25'])
    expect(Object.keys(body.data[0]!).sort()).toEqual(['amt', 'lid', 'num'])
    expect(body.perPage).toBe(30)
    await refused('ledgers-checks', 400, 'check is required')
    await refused('ledgers-checks?check=CHK-REPORT-1&limit=31', 400, 'limit is at most 30')
    expect(await ok('ledgers-checks?check=NO-SUCH-CHECK')).toMatchObject({ count: 0, data: [], amount: '0.00' })
  })
})

describe('webin', () => {
  it("lists the 'web in' notes since a date, newest first", async () => {
    const [note] = await testDb()
      .insert(notes)
      .values({
        fid,
        type: 'web in',
        status: 'normal',
        re: 'Online application submitted',
        dated: new Date(Date.now() + 60_000),
      })
      .returning({ nid: notes.nid })
    const body = await ok(`webin?since=${daysAgo(3)}`)
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notes WHERE type = 'web in' AND dated >= ${daysAgo(3)}::date`,
    )
    expect(body.count).toBe(Number(count!.n))
    expect(body.data[0]).toMatchObject({ nid: note!.nid, fid, re: 'Online application submitted' })
  })
})

describe('deposit-balances', () => {
  const independent = (length: number) =>
    rows<{ date: string; n: number; amt: string }>(sql`
      SELECT left(dep::text, ${length}) AS date, count(*)::int AS n, sum(amt)::text AS amt
        FROM ledgers WHERE dep IS NOT NULL GROUP BY 1 ORDER BY 1 DESC
    `)
  const check = async () => {
    for (const [date, length] of [
      ['day', 10],
      ['month', 7],
      ['year', 4],
    ] as const) {
      const body = await ok(`deposit-balances?date=${date}&perPage=1000`)
      const expected = await independent(length)
      expect(body.count, date).toBe(expected.length)
      expect(body.data.slice(0, 200), date).toEqual(
        expected
          .slice(0, 200)
          .map((row) => ({ date: row.date, entries: Number(row.n), amount: (cents(row.amt) / 100).toFixed(2) })),
      )
    }
  }

  it('sums the deposits by day, month and year as the ledger has them, through every write', async () => {
    await check()
    const pid = await newPolicy()
    const lid = await entry({ pid, dep: '2034-02-03', paid: '2034-02-01', amt: '250.75' })
    await entry({ pid, dep: '2034-02-03', paid: '2034-02-01', amt: '-0.75' })
    await check()
    await changeEntry(lid, { dep: '2034-03-01', amt: '300.00' })
    await check()
    await removeEntries({ pid })
    await check()
    const fields = await ok('deposit-balances?date=year&fields=date,amount')
    expect(Object.keys(fields.data[0] ?? { date: 0, amount: 0 }).sort()).toEqual(['amount', 'date'])
  })
})

describe('client-balances', () => {
  const independent = (kind: 'receivables' | 'payables') =>
    rows<{ fid: number; n: number; amt: string }>(
      kind === 'receivables'
        ? sql`SELECT p.fid, count(*)::int AS n, sum(l.amt)::text AS amt FROM ledgers l JOIN policies p ON p.pid = l.pid
               WHERE l.paid IS NULL AND l.amt > 0 GROUP BY p.fid ORDER BY sum(l.amt) DESC, p.fid DESC`
        : sql`SELECT p.fid, count(*)::int AS n, (-sum(l.amt))::text AS amt FROM ledgers l JOIN policies p ON p.pid = l.pid
               WHERE l.paid IS NULL AND l.amt < 0 AND l.cid IS NULL GROUP BY p.fid ORDER BY -sum(l.amt) DESC, p.fid DESC`,
    )
  const check = async () => {
    for (const kind of ['receivables', 'payables'] as const) {
      const body = await ok(`client-balances?balance=${kind}&perPage=1000`)
      const expected = await independent(kind)
      expect(body.count, kind).toBe(expected.length)
      expect(cents(body.amount), kind).toBe(expected.reduce((sum, row) => sum + cents(row.amt), 0))
      expect(
        body.data.map((row) => [row.fid, row.entries, row.balance]),
        kind,
      ).toEqual(
        expected.slice(0, 1000).map((row) => [Number(row.fid), Number(row.n), (cents(row.amt) / 100).toFixed(2)]),
      )
    }
  }

  it("keeps each client's open balances as the ledger has them, through every write and a policy's move", async () => {
    await check()
    const pid = await newPolicy()
    const invoice = await entry({ pid, amt: '5000.00' })
    const refund = await entry({ pid, type: 'Refund', acct: 'Premium', amt: '-120.00' })
    await entry({ pid, type: 'Commission', acct: 'Producer Commission', amt: '-80.00', cid: null, paid: today })
    await check()
    const one = await ok(`client-balances?client=${fid}`)
    expect(one.data).toHaveLength(1)
    expect(one.data[0]).toMatchObject({ fid })
    await changeEntry(invoice, { paid: today })
    await check()
    const other = (await makeFirm(testDb())).fid
    await testDb()
      .update(policies)
      .set({ fid: other })
      .where(sql`${policies.pid} = ${pid}`)
    await check()
    await removeEntries({ lid: refund })
    await check()
  })
})

describe('payments', () => {
  it('sums the entries paid within the span, received or disbursed', async () => {
    const pid = await newPolicy()
    await entry({ pid, paid: daysAgo(2), amt: '42.42' })
    await entry({ pid, type: 'Remit', acct: 'Carrier Remit', paid: daysAgo(2), amt: '-40.00' })
    for (const payment of ['received', 'disbursed'] as const) {
      const body = await ok(`payments?payment=${payment}&from=${daysAgo(10)}&to=${today}&perPage=1000`)
      const sign = payment === 'received' ? sql`amt > 0` : sql`amt < 0`
      const [sum] = await rows<{ n: number; amt: string | null }>(
        sql`SELECT count(*)::int AS n, sum(amt)::text AS amt FROM ledgers WHERE paid BETWEEN ${daysAgo(10)}::date AND ${today}::date AND ${sign}`,
      )
      expect(body.count, payment).toBe(Number(sum!.n))
      expect(cents((body.totals as { amount: string }).amount), payment).toBe(cents(sum!.amt))
      const ordered = await rows<{ lid: number }>(
        sql`SELECT lid FROM ledgers WHERE paid BETWEEN ${daysAgo(10)}::date AND ${today}::date AND ${sign} ORDER BY paid DESC, lid DESC LIMIT 1000`,
      )
      expect(
        body.data.map((row) => row.lid),
        payment,
      ).toEqual(ordered.map((row) => Number(row.lid)))
    }
    await refused(`payments?from=${today}&to=${daysAgo(5)}`, 400, 'from must be on or before to')
    await refused(`payments?from=${daysAgo(100)}&to=${today}`, 400, 'from and to span at most 92 days')
  })
})

describe('summary', () => {
  it("answers another report's totals without its rows", async () => {
    const aging = await ok('aging?perPage=1')
    const summary = await ok('summary?report=aging')
    expect(summary).toMatchObject({ report: 'summary', of: 'aging', totals: aging.totals })
    expect(summary.data).toBeUndefined()
    const status = await ok('summary?report=status')
    expect((status.totals as { book: { count: number } }).book.count).toBe((await ok('status?perPage=1')).count)
    const balances = await ok('summary?report=client-balances')
    const receivables = await ok('client-balances?perPage=1')
    expect((balances.totals as { receivables: { amount: string } }).receivables.amount).toBe(receivables.amount)
  })
})
