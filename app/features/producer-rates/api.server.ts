import { getDb } from '#app/db/client.server'
import { PRODUCER_MESSAGES } from '#app/domain/billing'
import type { ApiHandlers } from '#app/http/api-route.server'
import { createdRow, rowApi } from '#app/http/row-api.server'
import * as rates from '#app/models/producer-rate.server'
import { rateCreateBodySchema, rateUpdateBodySchema } from '#app/schemas/producer-rates'

/**
 * GET /api/producer_commissions: every rate (id, list_id, short, long, commission as a fraction,
 * renewal, version), the default (list_id null) first. POST {list_id, commission, renewal}: 201 with
 * the rate; a second rate for the same producer and placement answers 409.
 */
export const producerCommissionsApi: ApiHandlers = {
  GET: async () => rates.producerRateRows(getDb()),
  POST: createdRow(rateCreateBodySchema, rates.createProducerRate),
}

/**
 * /api/producer_commissions/{id}: GET the rate; PUT {commission, renewal?, version?} (the default
 * rate: its commission only; a stale version: 409 with the current rate); DELETE (not the default).
 */
export const producerCommissionApi = rowApi({
  kind: 'producer commission',
  missing: PRODUCER_MESSAGES.missing,
  body: rateUpdateBodySchema,
  get: rates.getProducerRate,
  update: rates.updateProducerRate,
  remove: rates.deleteProducerRate,
})
