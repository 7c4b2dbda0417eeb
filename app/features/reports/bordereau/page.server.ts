import dayjs from 'dayjs'
import type { SubmissionResult } from '@conform-to/react'
import { canDownloadBordereau } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { BORDEREAU_TYPES, type BordereauType } from '#app/domain/bordereau'
import { firstError } from '#app/http/intent'
import { formatBordereauDate, reportYears } from '#app/domain/reports'
import { parseForm } from '#app/http/conform.server'
import type { PageContext } from '#app/http/page-route.server'
import { listContracts, type ContractOption } from '#app/models/contract.server'
import {
  claimBordereauPage,
  policyBordereauPage,
  type ClaimBordereauPage,
  type PolicyBordereauPage,
} from '#app/models/bordereau.server'
import { bordereauFormSchema, bordereauPagingSchema } from '#app/schemas/bordereau'

const FORM_KEYS = ['type', 'contract', 'month', 'year', 'large'] as const

export type BordereauResult =
  | { kind: 'policies'; report: PolicyBordereauPage }
  | { kind: 'claims'; report: ClaimBordereauPage; start: string; end: string }

/**
 * The Bordereaux page (spec 3 §2.8): the URL is the report. `run=1` marks the Bordereau button; the
 * form is checked (contract required, a month for policies) and a refusal answers the fields' messages
 * and the required-field dialog; `dialog=generate-first` is the Download asked for before a report.
 */
export async function loadBordereau({ url, user }: PageContext) {
  const today = dayjs().format('YYYY-MM-DD')
  const params = url.searchParams
  const values: Record<string, string> = Object.fromEntries(
    FORM_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])),
  )
  const type: BordereauType = (BORDEREAU_TYPES as readonly string[]).includes(values.type ?? '')
    ? (values.type as BordereauType)
    : 'claims'
  values.type = type
  const paging = bordereauPagingSchema.parse({
    page: params.get('page') ?? undefined,
    size: params.get('size') ?? undefined,
  })
  const contractsQuery = listContracts(getDb())
  let lastResult: SubmissionResult<string[]> | null = null
  let refused: string | null = null
  let result: BordereauResult | null = null
  if (params.get('run') === '1') {
    const submission = parseForm(new URLSearchParams(Object.entries(values)), { schema: bordereauFormSchema })
    if (submission.status !== 'success') {
      lastResult = submission.reply()
      refused = firstError(submission.error) ?? null
    } else {
      const form = submission.value
      const large = form.large === 'on'
      if (form.type === 'policies') {
        const report = await policyBordereauPage(getDb(), {
          contract: form.contract,
          month: !form.month || form.month === 'all' ? 'all' : Number(form.month),
          year: form.year ?? null,
          large,
          page: paging.page,
          perPage: paging.size,
          today,
        })
        result = { kind: 'policies', report }
      } else {
        const report = await claimBordereauPage(getDb(), {
          contract: form.contract,
          large,
          page: paging.page,
          perPage: paging.size,
        })
        result = {
          kind: 'claims',
          report,
          start: formatBordereauDate(report.contract.start_date),
          end: formatBordereauDate(report.contract.end_date),
        }
      }
    }
  }
  const contracts: ContractOption[] = await contractsQuery
  return {
    values,
    type,
    lastResult,
    refused,
    result,
    paging: { page: result ? result.report.page : paging.page, perPage: paging.size },
    contracts,
    years: reportYears(today),
    dialog: params.get('dialog') === 'generate-first' ? ('generate-first' as const) : null,
    can: { download: canDownloadBordereau(user) },
  }
}

export type BordereauData = Awaited<ReturnType<typeof loadBordereau>>
