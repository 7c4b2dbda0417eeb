import { getDb } from '#app/db/client.server'
import { BILLING_ALL_ROWS, BILLING_MESSAGES } from '#app/domain/billing'
import type { ApiHandlers } from '#app/http/api-route.server'
import { readQuery } from '#app/http/api.server'
import { createdRow, rowApi } from '#app/http/row-api.server'
import * as billing from '#app/models/mga-billing.server'
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
    const page = await billing.mgaBillingPage(getDb(), {
      page: query.page ?? 1,
      size,
      sort: query.sortBy,
      desc: query.sortDesc === 'true',
    })
    return page.rows
  },
  POST: createdRow(mgaCreateBodySchema, billing.createMgaBilling),
}

/**
 * /api/mgas/{id}: GET the row; PUT {billing_mga, version?} (a stale version: 409 with the current
 * row); DELETE. Each change is logged with its user.
 */
export const mgaApi = rowApi({
  kind: 'mga billing',
  missing: BILLING_MESSAGES.missing,
  body: mgaUpdateBodySchema,
  get: billing.getMgaBilling,
  update: billing.updateMgaBilling,
  remove: billing.deleteMgaBilling,
})
