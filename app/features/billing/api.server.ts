import { getDb } from '#app/db/client.server'
import { BILLING_ALL_ROWS, BILLING_MESSAGES } from '#app/domain/billing'
import { NotFoundError } from '#app/domain/errors'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import {
  createMgaBilling,
  deleteMgaBilling,
  getMgaBilling,
  mgaBillingPage,
  updateMgaBilling,
} from '#app/models/mga-billing.server'
import { mgaCreateBodySchema, mgaListQuerySchema, mgaUpdateBodySchema } from '#app/schemas/billing'

/**
 * GET /api/mgas: the list (id, contact_id, mga_contact, billing_mga, billing_contact, version) through
 * the table's own model call; every row by default (at most 1000 a call: `page` reaches the rest), or
 * `page` and `perPage` as the table pages it. POST /api/mgas {contact_id, billing_mga}: 201 with the
 * row; an MGA that already has one answers 409.
 */
export const mgasApi: ApiHandlers = {
  GET: async ({ request }) => {
    const query = readQuery(request, mgaListQuerySchema)
    const size = query.perPage === undefined || query.perPage === 'all' ? BILLING_ALL_ROWS : query.perPage
    const page = await mgaBillingPage(getDb(), {
      page: query.page ?? 1,
      size,
      sort: query.sortBy,
      desc: query.sortDesc === 'true',
    })
    return page.rows
  },
  POST: async ({ request, user }) => {
    const body = await readBody(request, mgaCreateBodySchema)
    return Response.json(await createMgaBilling(getDb(), body, user.id), { status: 201 })
  },
}

const rowId = (id: string | undefined) => requireId(id, 'mga billing', BILLING_MESSAGES.missing)

/**
 * /api/mgas/{id}: GET the row; PUT {billing_mga, version?} (a stale version: 409 with the current
 * row); DELETE. Each change is logged with its user.
 */
export const mgaApi: ApiHandlers = {
  GET: async ({ params }) => {
    const row = await getMgaBilling(getDb(), rowId(params.id))
    if (!row) throw new NotFoundError(BILLING_MESSAGES.missing)
    return row
  },
  PUT: async ({ request, params, user }) => {
    const id = rowId(params.id)
    const body = await readBody(request, mgaUpdateBodySchema)
    return updateMgaBilling(getDb(), id, body, user.id)
  },
  DELETE: async ({ params, user }) => {
    const id = rowId(params.id)
    await deleteMgaBilling(getDb(), id, user.id)
    return { status: 'DELETED', id }
  },
}
