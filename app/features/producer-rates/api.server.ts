import { getDb } from '#app/db/client.server'
import { PRODUCER_MESSAGES } from '#app/domain/billing'
import { NotFoundError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import {
  createProducerRate,
  deleteProducerRate,
  getProducerRate,
  producerRateRows,
  updateProducerRate,
} from '#app/models/producer-rate.server'
import { rateCreateBodySchema, rateUpdateBodySchema } from '#app/schemas/producer-rates'

/**
 * GET /api/producer_commissions: every rate (id, list_id, short, long, commission as a fraction,
 * renewal, version), the default (list_id null) first. POST {list_id, commission, renewal}: 201 with
 * the rate; a second rate for the same producer and placement answers 409.
 */
export const producerCommissionsApi: ApiHandlers = {
  GET: async () => producerRateRows(getDb()),
  POST: async ({ request, user }) => {
    const body = await readBody(request, rateCreateBodySchema)
    return Response.json(await createProducerRate(getDb(), body, user.id), { status: 201 })
  },
}

const rateId = (id: string | undefined) => requireId(id, 'producer commission', PRODUCER_MESSAGES.missing)

/**
 * /api/producer_commissions/{id}: GET the rate; PUT {commission, renewal?, version?} (the default
 * rate: its commission only; a stale version: 409 with the current rate); DELETE (not the default).
 */
export const producerCommissionApi: ApiHandlers = {
  GET: async ({ params }) => {
    const row = await getProducerRate(getDb(), rateId(params.id))
    if (!row) throw new NotFoundError(PRODUCER_MESSAGES.missing)
    return row
  },
  PUT: async ({ request, params, user }) => {
    const id = rateId(params.id)
    const body = await readBody(request, rateUpdateBodySchema)
    return updateProducerRate(getDb(), id, body, user.id)
  },
  DELETE: async ({ params, user }) => {
    const id = rateId(params.id)
    await deleteProducerRate(getDb(), id, user.id)
    return { status: 'DELETED', id }
  },
}
