import type { SubmissionResult } from '@conform-to/react'
import dayjs from 'dayjs'
import { getDb } from '#app/db/client.server'
import { REPORT_MESSAGES, REPORT_MONTHS, reportYears } from '#app/domain/reports'
import {
  RENEWAL_COLUMNS,
  RENEWAL_DEFAULT_PAGE_SIZE,
  RENEWAL_PAGE_SIZES,
  renewalDefaults,
  type RenewalColumn,
} from '#app/domain/renewal'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readQuery } from '#app/http/api.server'
import { parseForm } from '#app/http/conform.server'
import { firstError } from '#app/http/intent.server'
import type { PageContext } from '#app/http/page-route.server'
import { loadPicklists } from '#app/models/list.server'
import { renewalPage } from '#app/models/renewal.server'
import { renewalFormSchema, renewalQuerySchema } from '#app/schemas/renewal'

const FORM_KEYS = ['carrier', 'prevCarrier', 'month', 'year'] as const
const LIST_KEYS = ['types', 'firmTypes'] as const

const today = () => dayjs().format('YYYY-MM-DD')

/** The table's paging and sort from the URL, each falling back to its default when stale. */
function tableParams(params: URLSearchParams) {
  const number = (key: string) => {
    const value = Number(params.get(key))
    return Number.isInteger(value) && value > 0 ? value : null
  }
  const size = number('size')
  const sort = params.get('sort')
  return {
    page: number('page') ?? 1,
    perPage: size && (RENEWAL_PAGE_SIZES as readonly number[]).includes(size) ? size : RENEWAL_DEFAULT_PAGE_SIZE,
    sortBy: (RENEWAL_COLUMNS as readonly string[]).includes(sort ?? '') ? (sort as RenewalColumn) : 'incept',
    sortDesc: params.get('desc') === '1',
  }
}

/**
 * The Renewal page (spec 3 §2.11): a GET form whose URL is the report. Without `run` the form shows the
 * spec's defaults (prior carrier Lloyds, type FPL, the previous month); with it the fields are checked
 * ('Field is required', years 2005 to next year) and a page of the report runs, sorted on the server.
 */
export async function loadRenewal({ url }: PageContext) {
  const params = url.searchParams
  const run = params.get('run') === '1'
  const now = today()
  const defaults = renewalDefaults(now)
  const values: Record<string, string | string[]> = run
    ? {
        ...Object.fromEntries(FORM_KEYS.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : []))),
        ...Object.fromEntries(LIST_KEYS.map((key) => [key, params.getAll(key)])),
      }
    : {
        carrier: '',
        prevCarrier: defaults.prevCarrier,
        types: [defaults.type],
        firmTypes: [],
        month: String(defaults.month),
        year: String(defaults.year),
      }
  const lists = loadPicklists(getDb(), ['carrier', 'ptype', 'ftype'] as const)
  const table = tableParams(params)
  let lastResult: SubmissionResult<string[]> | null = null
  let state:
    | { kind: 'empty' }
    | { kind: 'invalid'; message: string }
    | { kind: 'results'; page: Awaited<ReturnType<typeof renewalPage>>; message: string | null } = { kind: 'empty' }
  if (run) {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(values))
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item)
    const submission = parseForm(form, { schema: renewalFormSchema(now) })
    if (submission.status !== 'success') {
      lastResult = submission.reply()
      state = { kind: 'invalid', message: firstError(submission.error) ?? REPORT_MESSAGES.fieldRequired }
    } else {
      const page = await renewalPage(getDb(), { ...submission.value, ...table })
      state = { kind: 'results', page, message: page.total === 0 ? REPORT_MESSAGES.noData : null }
    }
  }
  return {
    values,
    lastResult,
    state,
    table,
    picklists: await lists,
    months: REPORT_MONTHS.map((label, index) => ({ value: String(index + 1), label })),
    years: reportYears(now).map((year) => ({ value: String(year), label: String(year) })),
  }
}

/**
 * GET /api/reports/renewals and GET /api/policies/renewals (spec 3 §7): prevCarrier, types, firmTypes,
 * month, year and an optional carrier, with page, perPage (at most 100), sortBy and sortDesc. Answers
 * the page's rows (money as decimal strings) and the count of every row.
 */
export const renewalApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, renewalQuerySchema(today()))
    const page = await renewalPage(getDb(), query)
    return { data: page.rows, count: page.total, page: page.page, perPage: query.perPage, totalpages: page.pages }
  },
}
