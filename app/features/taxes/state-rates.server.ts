import { fractionToPercent } from '#app/domain/percent'
import dayjs from 'dayjs'
import { getDb } from '#app/db/client.server'
import { parseIsoDate } from '#app/domain/dates'
import { mostRecent, ratesDuring, ratesOn, seriesOf } from '#app/domain/effective-dating'
import { NotFoundError } from '#app/domain/errors'
import { ROUNDINGS, type TaxField } from '#app/domain/tax'
import { addableFields, HELP_TABS, TAX_MESSAGES, taxedFeesLabel, taxSeriesKey, taxYears } from '#app/domain/tax-rates'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import {
  allTaxRateRows,
  deleteTaxRate,
  listRoundings,
  saveTaxRate,
  setTaxEndDate,
  taxRateHistory,
  taxStates,
  type TaxRateRow,
} from '#app/models/tax-rates.server'
import { parseParams } from '#app/schemas/query'
import { taxEndFormSchema, taxIdFormSchema, taxRateFormSchema, taxViewSchema } from '#app/schemas/tax-rates'

/**
 * /manage/taxes, State Rates (spec 1 §2.8): the Year view (default) or the Date view as a GET form
 * (bookmarkable), a panel per state, and the dialogs addressed by the URL (`dialog=create&for=TX`,
 * `dialog=update|add-end|remove-end|delete|history&id=…`, `dialog=help&tab=…`), so every action works
 * without JavaScript. The forms post to the same address; success goes back to the view with the
 * state's panel open and the spec's message.
 */

export interface TaxRateView {
  id: number
  state: string
  entity: string
  /** The rate as a percent ('4.85'), '' for a flat fee only. */
  percent: string
  flat: string | null
  taxed_fees: string[]
  taxedLabel: string
  round: string
  roundLabel: string
  admitted: boolean
  field: TaxField
  start_date: string
  end_date: string | null
  /** What the row offers (spec 1 §4): update a current rate, add or remove the end date of the most recent one, delete a current one. */
  can: { update: boolean; addEnd: boolean; removeEnd: boolean; delete: boolean }
}

export type TaxDialog =
  | { kind: 'create'; state: string; stateName: string; fields: TaxField[] }
  | { kind: 'update' | 'add-end' | 'remove-end' | 'delete'; rate: TaxRateView; stateName: string }
  | { kind: 'history'; rate: TaxRateView; stateName: string; history: Awaited<ReturnType<typeof taxRateHistory>> }
  | { kind: 'help'; tab: (typeof HELP_TABS)[number] }

const today = () => dayjs().format('YYYY-MM-DD')

function rateView(row: TaxRateRow, latest: boolean, roundLabels: Map<string, string>): TaxRateView {
  const open = row.end_date === null
  return {
    id: row.id,
    state: row.state,
    entity: row.entity,
    percent: fractionToPercent(row.rate),
    flat: row.flat,
    taxed_fees: row.taxed_fees,
    taxedLabel: taxedFeesLabel(row.taxed_fees),
    round: row.round,
    roundLabel: roundLabels.get(row.round) ?? ROUNDINGS[row.round as keyof typeof ROUNDINGS] ?? row.round,
    admitted: row.admitted,
    field: row.field,
    start_date: row.start_date,
    end_date: row.end_date,
    can: { update: open, addEnd: latest && open, removeEnd: latest && !open, delete: open },
  }
}

export async function loadStateRates({ url }: PageContext) {
  const db = getDb()
  const params = url.searchParams
  const view = parseParams(taxViewSchema, params)
  const now = today()
  const currentYear = Number(now.slice(0, 4))
  const years = taxYears(currentYear)
  const year = view.year && years.includes(view.year) ? view.year : currentYear
  const typedDate = view.date?.trim() || now
  const date = parseIsoDate(typedDate) ?? now
  const dateError = view.view === 'date' && !parseIsoDate(typedDate) ? TAX_MESSAGES.date : null

  const [rows, stateList, roundings] = await Promise.all([allTaxRateRows(db), taxStates(db), listRoundings(db)]).catch(
    (error: unknown) => {
      console.error('[taxes] load failed', error)
      return [null, [] as { code: string; name: string }[], [] as { code: string; description: string }[]] as const
    },
  )
  const roundLabels = new Map(roundings.map((rounding) => [rounding.code, rounding.description]))
  const base = { view: view.view, year, date, typedDate, dateError, years, roundings, open: params.get('open') }
  if (!rows) return { ...base, failed: TAX_MESSAGES.loadFailed, states: [], count: 0, dialog: null }

  const latestIds = new Set(
    [...seriesOf(rows, taxSeriesKey).values()].map((series) => mostRecent(series)?.id).filter(Boolean),
  )
  const views = new Map(rows.map((row) => [row.id, rateView(row, latestIds.has(row.id), roundLabels)]))
  const shown = view.view === 'date' ? ratesOn(rows, date) : ratesDuring(rows, `${year}-01-01`, `${year}-12-31`)
  const byState = new Map<string, TaxRateRow[]>()
  for (const row of shown) byState.set(row.state, [...(byState.get(row.state) ?? []), row])
  const states = stateList.map((state) => {
    const rates = (byState.get(state.code) ?? []).map((row) => views.get(row.id)!)
    return { ...state, rates, addable: addableFields(rates) }
  })
  const stateName = (code: string) => stateList.find((state) => state.code === code)?.name ?? code

  let dialog: TaxDialog | null = null
  const kind = params.get('dialog')
  if (kind === 'help') {
    const tab = HELP_TABS.find((name) => name === params.get('tab')) ?? 'General'
    dialog = { kind: 'help', tab }
  } else if (kind === 'create') {
    const code = params.get('for') ?? ''
    const state = states.find((candidate) => candidate.code === code)
    if (state) dialog = { kind: 'create', state: code, stateName: state.name, fields: state.addable }
  } else if (
    kind === 'update' ||
    kind === 'add-end' ||
    kind === 'remove-end' ||
    kind === 'delete' ||
    kind === 'history'
  ) {
    const rate = views.get(Number(params.get('id')))
    if (!rate) throw new NotFoundError(TAX_MESSAGES.notFound)
    dialog =
      kind === 'history'
        ? { kind, rate, stateName: stateName(rate.state), history: await taxRateHistory(db, rate.id) }
        : { kind, rate, stateName: stateName(rate.state) }
  }
  return { ...base, failed: null, states, count: shown.length, dialog }
}

/** Back to the view the form was sent from, the state's panel open, no dialog. */
function backTo(url: URL, state: string): string {
  const next = new URLSearchParams(url.searchParams)
  for (const name of ['dialog', 'id', 'for', 'tab', 'index']) next.delete(name)
  next.set('open', state)
  return `${url.pathname}?${next}`
}

export const stateRatesIntents = {
  'tax-create': intent({
    schema: taxRateFormSchema,
    handle: async ({ value, user, url }) => {
      const { current: _current, ...rate } = value
      // A create expects no current rate of the field: a colleague's saved first is the spec's failure.
      await saveTaxRate(getDb(), rate, user.id, null)
      return redirectWithFlash(backTo(url, rate.state), { message: TAX_MESSAGES.created, kind: 'success' })
    },
  }),
  'tax-update': intent({
    schema: taxRateFormSchema,
    handle: async ({ value, user, url }) => {
      const { current, ...rate } = value
      await saveTaxRate(getDb(), rate, user.id, current)
      return redirectWithFlash(backTo(url, rate.state), { message: TAX_MESSAGES.updated, kind: 'success' })
    },
  }),
  'tax-add-end': intent({
    schema: taxEndFormSchema,
    handle: async ({ value, user, url }) => {
      const row = await setTaxEndDate(getDb(), value.id, value.end_date, user.id)
      return redirectWithFlash(backTo(url, row.state), { message: TAX_MESSAGES.endAdded, kind: 'success' })
    },
  }),
  'tax-remove-end': intent({
    schema: taxIdFormSchema,
    handle: async ({ value, user, url }) => {
      const row = await setTaxEndDate(getDb(), value.id, null, user.id)
      return redirectWithFlash(backTo(url, row.state), { message: TAX_MESSAGES.endRemoved, kind: 'success' })
    },
  }),
  'tax-delete': intent({
    schema: taxIdFormSchema,
    handle: async ({ value, user, url }) => {
      const { deleted } = await deleteTaxRate(getDb(), value.id, user.id)
      return redirectWithFlash(backTo(url, deleted.state), { message: TAX_MESSAGES.deleted, kind: 'success' })
    },
  }),
}
