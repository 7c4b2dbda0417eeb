import { getDb } from '#app/db/client.server'
import { CLAIM_MESSAGES, canSearch } from '#app/domain/claims'
import { DomainError } from '#app/domain/errors'
import { apiRoute } from '#app/http/api-route.server'
import { readBody } from '#app/http/api.server'
import { searchClaims } from '#app/models/claim.server'
import { claimSearchBodySchema } from '#app/schemas/claims'

/**
 * POST /api/claims/search (spec 3 §7): whereColumns filter, checkedColumns (with includeCheckColumns)
 * and includeColumns choose the columns, aggregates adds sum/max/min/count of each money field over
 * every match; `simple` answers only the claim ids of the page. Answer: result, totalPages, count.
 * Nothing filled and no column (besides the claim id) is refused as the search page refuses it (canSearch).
 */
const route = apiRoute('/api/claims/search', {
  POST: async ({ request }) => {
    const body = await readBody(request, claimSearchBodySchema)
    const columns = body.simple
      ? []
      : [...(body.includeCheckColumns ? body.checkedColumns : []), ...body.includeColumns]
    if (!canSearch(body.whereColumns, columns)) throw new DomainError(CLAIM_MESSAGES.emptySearch, 'EMPTY_SEARCH', 400)
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
