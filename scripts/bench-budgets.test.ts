import { describe, expect, it } from 'vitest'
import * as budgets from './bench-budgets'
import type { Measured } from './bench-budgets'

const within: Measured = {
  rps: 100,
  p95: 250,
  singleP95: 50,
  failed: 0,
  jsKb: 150,
  dataRps: 240,
  thin: { lcpMs: 1000, tbtMs: 200, idleMs: 1500 },
}
const FLOOR = 400

describe('missedBudgets', () => {
  it('passes a page exactly at every limit (the budgets are inclusive)', () => {
    expect(budgets.missedBudgets(within, FLOOR, budgets.budgetsFor(100))).toEqual([])
  })

  it('names each budget a page misses, in the table’s order', () => {
    const row: Measured = {
      rps: 99,
      p95: 251,
      singleP95: 50.1,
      failed: 2,
      jsKb: 151,
      dataRps: 239,
      thin: { lcpMs: 1001, tbtMs: 201, idleMs: 1501 },
    }
    expect(budgets.missedBudgets(row, FLOOR, budgets.budgetsFor(100))).toEqual([
      'single p95',
      'p95',
      'page',
      'data',
      'JS',
      'LCP',
      'TBT',
      'idle',
      'failed',
    ])
  })

  it('holds the page to 25% of the floor and its data to 60%', () => {
    expect(budgets.missedBudgets({ ...within, rps: FLOOR * 0.25 }, FLOOR, budgets.budgetsFor(100))).toEqual([])
    expect(budgets.missedBudgets({ ...within, rps: FLOOR * 0.24 }, FLOOR, budgets.budgetsFor(100))).toEqual(['page'])
    expect(budgets.missedBudgets({ ...within, dataRps: FLOOR * 0.59 }, FLOOR, budgets.budgetsFor(100))).toEqual([
      'data',
    ])
  })

  it('skips what was not measured (API calls have no JS, twin or thin client)', () => {
    const api: Measured = { ...within, jsKb: null, dataRps: null, thin: null }
    expect(budgets.missedBudgets(api, FLOOR, budgets.budgetsFor(100))).toEqual([])
  })

  it('does not hold the floor and the sign-in page to the ratios', () => {
    const slow = { ...within, rps: 1, dataRps: 1 }
    expect(budgets.missedBudgets(slow, FLOOR, budgets.budgetsFor(100), false)).toEqual([])
  })
})

describe('budgetsFor', () => {
  it('holds scale 100 to every budget', () => {
    expect(budgets.budgetsFor(100)).toEqual(budgets.BUDGETS)
  })

  it('keeps ratios and the concurrency p95 as information below scale 100', () => {
    const slow = { ...within, rps: 1, dataRps: 1, p95: 900 }
    expect(budgets.missedBudgets(slow, FLOOR, budgets.budgetsFor(1))).toEqual([])
    expect(budgets.missedBudgets({ ...slow, singleP95: 51 }, FLOOR, budgets.budgetsFor(1))).toEqual(['single p95'])
  })

  it('gives scale 1000 a single-request p95 of 100 ms', () => {
    expect(budgets.missedBudgets({ ...within, singleP95: 99, rps: 1 }, FLOOR, budgets.budgetsFor(1000))).toEqual([])
    expect(budgets.missedBudgets({ ...within, singleP95: 101 }, FLOOR, budgets.budgetsFor(1000))).toEqual([
      'single p95',
    ])
  })
})

describe('totalBlockingTime', () => {
  it('counts what each long task after the first paint spends past 50 ms', () => {
    const tasks = [
      { start: 0, duration: 300 }, // before the first paint at 400: not counted
      { start: 500, duration: 120 }, // 70
      { start: 700, duration: 50 }, // not long
      { start: 900, duration: 80 }, // 30
    ]
    expect(budgets.totalBlockingTime(tasks, 400)).toBe(100)
  })

  it('counts a task that straddles the first paint from the paint on', () => {
    expect(budgets.totalBlockingTime([{ start: 100, duration: 200 }], 200)).toBe(50)
    expect(budgets.totalBlockingTime([{ start: 100, duration: 200 }], 260)).toBe(0)
  })
})

describe('idleAt', () => {
  it('is the end of the last long task, or the load when later', () => {
    expect(
      budgets.idleAt(
        [
          { start: 100, duration: 60 },
          { start: 1000, duration: 400 },
          { start: 1500, duration: 40 },
        ],
        900,
      ),
    ).toBe(1400)
    expect(budgets.idleAt([{ start: 100, duration: 60 }], 900)).toBe(900)
    expect(budgets.idleAt([], 0)).toBe(0)
  })
})

describe('parsePage', () => {
  it('reads a path as a GET', () => {
    expect(budgets.parsePage('/search/firms/firmsSearch?q=law')).toEqual({
      label: '/search/firms/firmsSearch?q=law',
      method: 'GET',
      path: '/search/firms/firmsSearch?q=law',
    })
  })

  it('reads a POST with its JSON body', () => {
    expect(budgets.parsePage('POST /api/reports/production {"from":"2024-01-01","to":"2024-12-31"}')).toEqual({
      label: 'POST /api/reports/production {"from":"2024-01-01","to":"2024-12-31"}',
      method: 'POST',
      path: '/api/reports/production',
      body: '{"from":"2024-01-01","to":"2024-12-31"}',
    })
    expect(budgets.parsePage('POST /api/x')).toMatchObject({ method: 'POST', path: '/api/x' })
    expect(budgets.parsePage('POST /api/x').body).toBeUndefined()
  })

  it('refuses a body that is not JSON, a GET with a body and an entry that is no path', () => {
    expect(() => budgets.parsePage('POST /api/x {from: 1}')).toThrow()
    expect(() => budgets.parsePage('GET /api/x {"a":1}')).toThrow('a GET has no body')
    expect(() => budgets.parsePage('search/firms')).toThrow('a path')
  })
})

describe('dataTwin', () => {
  it('is the page’s .data URL with its query; the root is /_root.data', () => {
    expect(budgets.dataTwin(budgets.parsePage('/search/firms/firmsSearch?q=law'))).toBe(
      '/search/firms/firmsSearch.data?q=law',
    )
    expect(budgets.dataTwin(budgets.parsePage('/?news=all'))).toBe('/_root.data?news=all')
    expect(budgets.dataTwin(budgets.parsePage('/manage/'))).toBe('/manage.data')
  })

  it('is none for API calls, POSTs and the sign-in page', () => {
    expect(budgets.dataTwin(budgets.parsePage('/api/me'))).toBeNull()
    expect(budgets.dataTwin(budgets.parsePage('POST /search/x {}'))).toBeNull()
    expect(budgets.dataTwin(budgets.parsePage('/login'))).toBeNull()
  })
})

describe('options and selection', () => {
  it('takes every --only, and a page matching any of them', () => {
    const args = ['--scale', '100', '--only', 'Notes', '--only', '/editClaim']
    expect(budgets.optionValues(args, 'only')).toEqual(['Notes', '/editClaim'])
    expect(budgets.selectPages(['/a?tab=Notes', '/editClaim/1', '/b'], budgets.optionValues(args, 'only'))).toEqual([
      '/a?tab=Notes',
      '/editClaim/1',
    ])
    expect(budgets.selectPages(['/a', '/b'], [])).toEqual(['/a', '/b'])
  })

  it('percentile takes the nearest rank', () => {
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1)
    expect(budgets.percentile(sorted, 0.95)).toBe(19)
    expect(budgets.percentile(sorted, 0.5)).toBe(10)
    expect(budgets.percentile([], 0.5)).toBeNaN()
  })
})

describe('traceMetrics', () => {
  const url = 'http://127.0.0.1:3495/manage'
  const nav = {
    name: 'navigationStart',
    ph: 'R',
    ts: 1_000_000,
    pid: 7,
    tid: 1,
    args: { frame: 'F', data: { isLoadingMainFrame: true, documentLoaderURL: url } },
  }
  const events = [
    // An earlier document in the same tab: ignored.
    { ...nav, ts: 10, args: { frame: 'F', data: { isLoadingMainFrame: true, documentLoaderURL: 'about:blank' } } },
    nav,
    { name: 'firstContentfulPaint', ph: 'I', ts: 1_300_000, pid: 7, tid: 1, args: { frame: 'F' } },
    { name: 'largestContentfulPaint::Candidate', ph: 'I', ts: 1_300_000, pid: 7, tid: 1, args: { frame: 'F' } },
    { name: 'largestContentfulPaint::Candidate', ph: 'I', ts: 1_450_000, pid: 7, tid: 1, args: { frame: 'F' } },
    { name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 150_000, pid: 7, tid: 1 }, // before FCP
    { name: 'RunTask', ph: 'X', ts: 1_500_000, dur: 130_000, pid: 7, tid: 1 }, // 80 blocking
    { name: 'RunTask', ph: 'X', ts: 1_700_000, dur: 30_000, pid: 7, tid: 1 }, // short
    { name: 'RunTask', ph: 'X', ts: 1_800_000, dur: 400_000, pid: 7, tid: 2 }, // another thread
  ]

  it('reads LCP, TBT and idle of the page’s navigation from its main thread', () => {
    const metrics = budgets.traceMetrics(events, url)
    expect(metrics).toMatchObject({ lcpMs: 450, tbtMs: 80, idleMs: 630 })
    expect(metrics?.tasks).toHaveLength(2)
  })

  it('finds nothing when the page was not loaded in the trace', () => {
    expect(budgets.traceMetrics(events, 'http://127.0.0.1:3495/other')).toBeNull()
  })
})
