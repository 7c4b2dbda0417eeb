import { getDb } from '#app/db/client.server'
import {
  AGGREGATE_REPORT_FAILED,
  CARRIERS_FAILED,
  chartMeasure,
  reportColumns,
  type ReportColumn,
} from '#app/domain/aggregate-report'
import { DomainError } from '#app/domain/errors'
import type { PageContext } from '#app/http/page-route.server'
import { aggregateReport, type AggregateReport } from '#app/models/aggregate-report.server'
import { listContracts } from '#app/models/contract.server'
import { loadPicklists } from '#app/models/list.server'
import { aggregatePageQuerySchema, aggregateRequestOf, type AggregatePageQuery } from '#app/schemas/aggregate-report'

export interface Option {
  value: string
  label: string
}

/** The URL's parameters, a repeated one as a list (the multi-selects and the extra columns). */
function searchObject(url: URL): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    raw[key] = values.length > 1 ? values : values[0]!
  }
  return raw
}

async function carrierOptions(): Promise<{ carriers: Option[]; carriersError: string | null }> {
  try {
    const lists = await loadPicklists(getDb(), ['carrier'] as const)
    return { carriers: lists.carrier, carriersError: null }
  } catch (error) {
    console.error('aggregate reports: the carriers could not be read', error)
    return { carriers: [], carriersError: CARRIERS_FAILED }
  }
}

/**
 * The Reports page (spec 3 §2.9): a GET form whose URL is the report; `run=1` runs it. The choices
 * (query type, aggregation, state grouping, carrier, type and contract filters, extra firm columns),
 * then a page of 100 rows with the totals row, sorted by the column the header links name. A sort the
 * report does not show falls back to its first column. A failed report shows the spec's message (§8),
 * a failed carrier list its own, and the rest of the page still works.
 */
export async function loadAggregateReport({ url }: PageContext) {
  const query: AggregatePageQuery = aggregatePageQuerySchema.parse(searchObject(url))
  const request = aggregateRequestOf(query)
  const shown = reportColumns(request.state, request.queryType, request.aggType, request.extra)
  if (request.sortBy && !shown.includes(request.sortBy)) request.sortBy = undefined
  const [{ carriers, carriersError }, lists, contracts] = await Promise.all([
    carrierOptions(),
    loadPicklists(getDb(), ['ptype'] as const),
    listContracts(getDb()),
  ])
  let report: AggregateReport | null = null
  let failed: string | null = null
  if (query.run) {
    try {
      report = await aggregateReport(getDb(), request)
    } catch (error) {
      if (error instanceof DomainError && error.status !== 400) throw error
      console.error('aggregate reports: the report failed', error)
      failed = AGGREGATE_REPORT_FAILED
    }
  }
  return {
    query,
    carriers,
    carriersError,
    types: lists.ptype,
    contracts: contracts.map((contract) => ({ value: String(contract.id), label: contract.contract })),
    report,
    failed,
    chart: chartMeasure(request.queryType, request.aggType) as ReportColumn,
  }
}

export type AggregatePageData = Awaited<ReturnType<typeof loadAggregateReport>>
