import type { SubmissionResult } from '@conform-to/react'
import dayjs from 'dayjs'
import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import {
  LOSS_RUN_DEFAULTS,
  lossRunTotal,
  lossRunTotals,
  shownFromFields,
  type LossRunShown,
  type LossRunTotals,
} from '#app/domain/loss-run'
import { centsToDecimal } from '#app/domain/money'
import { REPORT_MESSAGES } from '#app/domain/reports'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readQuery } from '#app/http/api.server'
import { parseForm } from '#app/http/conform.server'
import { firstError } from '#app/http/intent.server'
import type { PageContext } from '#app/http/page-route.server'
import { loadPicklists } from '#app/models/list.server'
import { lossRunFirm, lossRunPolicies, type LossRunFirm, type LossRunPolicy } from '#app/models/loss-run.server'
import { lossRunFormSchema, lossRunQuerySchema } from '#app/schemas/loss-run'

export type LossRunRow = LossRunPolicy & { total: number }

export interface LossRunReport {
  firm: LossRunFirm
  carrier: string
  type: string
  shown: LossRunShown
  rows: LossRunRow[]
  totals: LossRunTotals
}

/** One loss run: the firm (or the spec's 'Failed to get firm'), its policies, each row's total and the Totals row. */
async function runLossRun(query: { fid: number; carrier: string; type: string; shown: LossRunShown }) {
  const [firm, policies] = await Promise.all([lossRunFirm(getDb(), query.fid), lossRunPolicies(getDb(), query)])
  if (!firm) throw new NotFoundError(REPORT_MESSAGES.lossRunFirmFailed)
  const rows = policies.map((policy) => ({ ...policy, total: lossRunTotal(policy, query.shown) }))
  return {
    firm,
    carrier: query.carrier,
    type: query.type,
    shown: query.shown,
    rows,
    totals: lossRunTotals(rows, query.shown),
  } satisfies LossRunReport
}

export type LossRunState =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'results'; report: LossRunReport; message: string | null }

/**
 * The Loss Run page (spec 3 §2.10): a GET form whose URL is the report. Without `run` the form shows
 * the spec's defaults (Lloyds, FPL, every toggle on); with it the fields are checked ('Field is
 * required') and the report runs. The toggles are checkboxes, so an unchecked one is absent from a run.
 */
export async function loadLossRun({ url }: PageContext) {
  const params = url.searchParams
  const run = params.get('run') === '1'
  const values: Record<string, string> = run
    ? Object.fromEntries(
        ['fid', 'carrier', 'type', 'premium', 'reserves', 'monitor'].flatMap((key) => {
          const value = params.get(key)
          return value === null ? [] : [[key, value]]
        }),
      )
    : { fid: params.get('fid') ?? '', ...LOSS_RUN_DEFAULTS, premium: 'on', reserves: 'on', monitor: 'on' }
  let state: LossRunState = { kind: 'empty' }
  let lastResult: SubmissionResult<string[]> | null = null
  const lists = loadPicklists(getDb(), ['carrier', 'ptype'] as const)
  if (run) {
    const submission = parseForm(new URLSearchParams(values), { schema: lossRunFormSchema })
    if (submission.status !== 'success') {
      lastResult = submission.reply()
      state = { kind: 'invalid', message: firstError(submission.error) ?? REPORT_MESSAGES.fieldRequired }
    } else {
      const { fid, carrier, type, premium, reserves, monitor } = submission.value
      try {
        const report = await runLossRun({ fid, carrier, type, shown: { premium, reserves, monitor } })
        state = { kind: 'results', report, message: report.rows.length === 0 ? REPORT_MESSAGES.noData : null }
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error
        lastResult = submission.reply({ fieldErrors: { fid: [error.message] } })
        state = { kind: 'invalid', message: error.message }
      }
    }
  }
  return { values, lastResult, state, picklists: await lists, today: dayjs().format('YYYY-MM-DD') }
}

const money = (cents: number) => centsToDecimal(cents)

/** A row as the API answers it: money as decimal strings, the optional columns only when shown. */
function apiRow(row: LossRunRow | LossRunTotals, shown: LossRunShown) {
  return {
    ...('polnum' in row ? { pid: row.pid, polnum: row.polnum, incept: row.incept } : {}),
    ...(shown.premium ? { premium: money(row.premium) } : {}),
    claims_count: row.claims_count,
    ...(shown.monitor ? { monitoring: money(row.monitoring) } : {}),
    ...(shown.reserves ? { reserves: money(row.reserves) } : {}),
    defense: money(row.defense),
    damages: money(row.damages),
    total: money(row.total),
  }
}

/** GET /api/reports/loss-run (spec 3 §7): fid, type, carrier and fields; an unknown firm is 404 'Failed to get firm'. */
export const lossRunApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, lossRunQuerySchema)
    const shown = shownFromFields(query.fields)
    const report = await runLossRun({ fid: query.fid, carrier: query.carrier, type: query.type, shown })
    return {
      firm: report.firm,
      carrier: report.carrier,
      type: report.type,
      fields: (Object.keys(shown) as (keyof LossRunShown)[]).filter((field) => shown[field]),
      data: report.rows.map((row) => apiRow(row, shown)),
      totals: apiRow(report.totals, shown),
    }
  },
}
