import { beforeAll, describe, expect, it, vi } from 'vitest'
import { AGGREGATE_REPORT_FAILED, CARRIERS_FAILED } from '#app/domain/aggregate-report'
import * as reportsPage from '#app/routes/_app.reports.reportsSearch'
import { get, userWithScopes, userWithoutScopes } from './route-calls'
import type * as ListModel from '#app/models/list.server'
import type * as ReportModel from '#app/models/aggregate-report.server'

/**
 * The Reports page's loader (spec 3 §2.9, §8): the URL is the report; a carrier list that cannot be
 * read shows 'Not able to get carriers from the database' and leaves the rest of the page working; a
 * report that fails shows the spec's message instead of an error page.
 */

const failing = vi.hoisted(() => ({ carriers: false, report: false }))

vi.mock('#app/models/list.server', async (original) => {
  const real = await original<typeof ListModel>()
  return {
    ...real,
    loadPicklists: (async (db, names) => {
      if (failing.carriers && (names as readonly string[]).includes('carrier'))
        throw new Error('carrier list unreadable')
      return real.loadPicklists(db, names)
    }) as typeof real.loadPicklists,
  }
})

vi.mock('#app/models/aggregate-report.server', async (original) => {
  const real = await original<typeof ReportModel>()
  return {
    ...real,
    aggregateReport: (async (db, request) => {
      if (failing.report) throw new Error('relation "report_area_rollup" does not exist')
      return real.aggregateReport(db, request)
    }) as typeof real.aggregateReport,
  }
})

interface PageData {
  carriers: { value: string }[]
  carriersError: string | null
  failed: string | null
  report: { columns: string[]; rows: Record<string, unknown>[]; totals: Record<string, unknown>; count: number } | null
}

let cookie: string
beforeAll(async () => {
  cookie = await userWithScopes('agg.page', ['report-view'])
})

describe('/reports/reportsSearch', () => {
  it('shows the form alone without run, and the report with it', async () => {
    const empty = await get<PageData>(reportsPage, cookie, '/reports/reportsSearch')
    expect(empty.status).toBe(200)
    expect(empty.body.report).toBeNull()
    expect(empty.body.carriers.map((option) => option.value)).toContain('Lloyds')
    const run = await get<PageData>(reportsPage, cookie, '/reports/reportsSearch?run=1&q=policies&state=zone&carrier=')
    expect(run.body.report?.columns).toEqual(['zone', 'policies', 'premium'])
    expect(run.body.report?.totals.policies).toBeGreaterThan(0)
  })

  /** The report run (answered 200) while one read fails. */
  async function runWhileFailing(read: keyof typeof failing) {
    failing[read] = true
    try {
      const answer = await get<PageData>(reportsPage, cookie, '/reports/reportsSearch?run=1')
      expect(answer.status).toBe(200)
      return answer.body
    } finally {
      failing[read] = false
    }
  }

  it("says 'Not able to get carriers from the database' when the carriers cannot be read", async () => {
    const body = await runWhileFailing('carriers')
    expect(body.carriersError).toBe(CARRIERS_FAILED)
    expect(body.report?.count).toBeGreaterThan(0)
  })

  it("shows the spec's message when the report fails", async () => {
    const body = await runWhileFailing('report')
    expect(body.failed).toBe(AGGREGATE_REPORT_FAILED)
    expect(body.report).toBeNull()
  })

  it('refuses a user without report-view', async () => {
    const answer = await get(reportsPage, await userWithoutScopes('agg.page.nobody'), '/reports/reportsSearch')
    expect([302, 403]).toContain(answer.status)
  })
})
