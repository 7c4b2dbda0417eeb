import { getDb } from '#app/db/client.server'
import { DomainError, NotFoundError } from '#app/domain/errors'
import { FIRM_MESSAGES, hasSearchField, resultColumns } from '#app/domain/firm-search'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { firmClaimTotals } from '#app/models/claim.server'
import { firmTitles, getFirm, searchFirms, unisearchFirms, updateFirm } from '#app/models/firm.server'
import { apiRecord } from '#app/schemas/api-record'
import { firmPutSchema } from '#app/schemas/firm'
import { firmSearchBodySchema, searchedFid, unisearchQuerySchema } from '#app/schemas/firm-search'

/** The firm API calls (spec 2 §7), each served by `apiRoute` in its route module. */

const NO_SUCH_FIRM = 'No such firm.'

/**
 * GET /api/firms/{id}: the firm with its version (send it back on PUT). PUT saves the firm fields; a
 * stale version answers 409 with the current firm (the model's ConflictError).
 */
export const firmApi: ApiHandlers = {
  GET: async ({ params }) => {
    const firm = await getFirm(getDb(), requireId(params.id, 'firm'))
    if (!firm) throw new NotFoundError(NO_SUCH_FIRM)
    return firm
  },
  PUT: async ({ request, params, user }) => {
    const fid = requireId(params.id, 'firm')
    const { version, ...changes } = parseWith(firmPutSchema, await readBody(request, apiRecord))
    return updateFirm(getDb(), fid, version, changes, user.id)
  },
}

/**
 * POST /api/firms/search: a column search (spec 2 §7); answers result, totalpages, count. At least one
 * field other than fid, or fid alone (converted to a number); 100 or more rows are an over-limit
 * notice for non-admins (spec 2 §5).
 */
export const firmSearchApi: ApiHandlers = {
  POST: async ({ request, user }) => {
    const body = await readBody(request, firmSearchBodySchema)
    const { fid: rawFid, ...rest } = body.whereColumns
    const filters = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)]))
    const fid = searchedFid(rawFid)
    if (fid === undefined && !hasSearchField(filters))
      throw new DomainError(FIRM_MESSAGES.emptySearch, 'EMPTY_SEARCH', 400)
    const columns = resultColumns([...body.checkedColumns, ...(body.includeColumns ?? [])], body.checkedColumns)
    const page = await searchFirms(getDb(), {
      filters: fid === undefined ? filters : { ...filters, fid },
      columns,
      page: body.page,
      perPage: body.perPage,
      sortBy: body.sortBy,
      sortDesc: body.sortDesc,
      unlimited: user.isAdmin || fid !== undefined,
    })
    if (page.overLimit)
      return { result: [], totalpages: 0, count: page.count, status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit }
    return { result: page.result, totalpages: page.totalpages, count: page.count }
  },
}

/** GET /api/firms/totals/{id}: the firm's claim totals by claim year and overall (no claim date counts as today). */
export const firmTotalsApi: ApiHandlers = {
  GET: async ({ params }) => {
    const fid = requireId(params.id, 'firm')
    if ((await firmTitles(getDb(), [fid])).length === 0) throw new NotFoundError(NO_SUCH_FIRM)
    return firmClaimTotals(getDb(), fid)
  },
}

/** GET /api/firms/unisearch/search?search=…: firms by sort, name, phone, contact or insured, by sort. */
export const firmUnisearchApi: ApiHandlers = {
  GET: async ({ request, user }) => {
    const { search } = readQuery(request, unisearchQuerySchema)
    const page = await unisearchFirms(getDb(), search, { unlimited: user.isAdmin, perPage: user.isAdmin ? 500 : 100 })
    return {
      result: page.result,
      count: page.count,
      totalpages: page.totalpages,
      ...(page.overLimit ? { status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit } : {}),
    }
  },
}
