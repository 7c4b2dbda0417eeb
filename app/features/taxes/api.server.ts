import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { taxChoiceSchema } from '#app/schemas/policy'
import { policyTaxes } from '#app/models/policy-taxes.server'

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
