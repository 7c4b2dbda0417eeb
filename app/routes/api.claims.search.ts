import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { readBody } from '#app/http/api.server'
import { searchClaims } from '#app/models/claim.server'
import { claimSearchBodySchema } from '#app/schemas/claims'

/**
 * POST /api/claims/search (spec 3 §7): whereColumns filter, checkedColumns (with includeCheckColumns)
 * and includeColumns choose the columns, aggregates adds sum/max/min/count of each money field over
 * every match; `simple` answers only the claim ids of the page. Answer: result, totalPages, count.
 */
const route = apiRoute('/api/claims/search', {
  POST: async ({ request }) => {
    const body = await readBody(request, claimSearchBodySchema)
    const columns = body.simple
      ? []
      : [...(body.includeCheckColumns ? body.checkedColumns : []), ...body.includeColumns]
    return searchClaims(getDb(), {
      filters: body.whereColumns,
      columns,
      page: body.page,
      perPage: body.perPage,
      sortBy: body.sortBy,
      sortDesc: body.sortDesc,
      aggregates: body.aggregates && !body.simple,
    })
  },
})

export const loader = route.loader
export const action = route.action
