import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { taxChoiceSchema } from '#app/schemas/policy'
import { taxEndBodySchema, taxListQuerySchema, taxRateBodySchema } from '#app/schemas/tax-rates'
import { policyTaxes } from '#app/models/policy-taxes.server'
import { ratesDuring, ratesOn } from '#app/domain/effective-dating'
import {
  allTaxRateRows,
  deleteTaxRate,
  listRoundings,
  saveTaxRate,
  setTaxEndDate,
  type TaxRateRow,
} from '#app/models/tax-rates.server'

/**
 * GET /api/policies/{id}/taxes?state=&admitted=: entries of entity, rate, amount and steps; a policy
 * incepting on or before 01 Jan 2021 answers 400 with the spec's message.
 */
export const policyTaxesApi: ApiHandlers = {
  GET: async ({ request, params }) => {
    const pid = requireId(params.id, 'policy')
    const choice = readQuery(request, taxChoiceSchema)
    const { outcome } = await policyTaxes(getDb(), pid, choice)
    if (!outcome.ok) throw new InvalidError(outcome.message)
    return outcome.entries.map(({ entity, field, rate, amount, steps }) => ({ entity, field, rate, amount, steps }))
  },
}

// ── /api/taxes (spec 1 §7): the State Rates calls ─────────────────────────────────────────────────

/** A rate as the API answers it: the rate as the fraction the calculator reads (0.0485), the flat fee in dollars. */
export function apiTaxRate(row: TaxRateRow) {
  return {
    id: row.id,
    state: row.state,
    entity: row.entity,
    rate: row.rate === null ? null : Number(row.rate),
    flat: row.flat === null ? null : Number(row.flat),
    taxed_fees: row.taxed_fees,
    round: row.round,
    admitted: row.admitted,
    field: row.field,
    start_date: row.start_date,
    end_date: row.end_date,
  }
}

/**
 * GET /api/taxes?date= (the rates in force on a date) or ?period=start,end (in force on any day of
 * it), else every rate. POST /api/taxes: a new rate; an update when the state's field has a current
 * rate (that rate ends on the new start date, in the same transaction), a create otherwise; the answer
 * is the new rate with its id (201), and `ended`, the rate it ended, if any.
 */
export const taxesApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, taxListQuerySchema)
    const rows = await allTaxRateRows(getDb())
    const shown = query.date
      ? ratesOn(rows, query.date)
      : query.period
        ? ratesDuring(rows, query.period.from, query.period.to)
        : rows
    return shown.map(apiTaxRate)
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, taxRateBodySchema)
    const { rate, ended } = await saveTaxRate(getDb(), body, user.id)
    return Response.json({ ...apiTaxRate(rate), ended: ended ? apiTaxRate(ended) : null }, { status: 201 })
  },
}

/** PUT /api/taxes/{id} {end_date} (null removes it), DELETE /api/taxes/{id} (the previous rate becomes current). */
export const taxApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'tax rate')
    const body = await readBody(request, taxEndBodySchema)
    return apiTaxRate(await setTaxEndDate(getDb(), id, body.end_date, user.id))
  },
  DELETE: async ({ params, user }) => {
    const id = requireId(params.id, 'tax rate')
    const { deleted, restored } = await deleteTaxRate(getDb(), id, user.id)
    return { id: deleted.id, restored: restored ? apiTaxRate(restored) : null }
  },
}

/** GET /api/taxes/roundings: the rounding options (code and description), CENT first. */
export const taxRoundingsApi: ApiHandlers = {
  GET: () => listRoundings(getDb()),
}
