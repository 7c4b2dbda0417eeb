import { getDb } from '#app/db/client.server'
import { DomainError, InvalidError } from '#app/domain/errors'
import { FIRM_MESSAGES, hasSearchField, resultColumns } from '#app/domain/firm-search'
import { parseId } from '#app/domain/ids'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { searchFirms } from '#app/models/firm.server'
import { firmSearchBodySchema } from '#app/schemas/firm-search'

/**
 * POST /api/firms/search: a column search (spec 2 §7); answers result, totalpages, count. At least one
 * field other than fid, or fid alone (converted to a number); 100 or more rows are an over-limit
 * notice for non-admins (spec 2 §5).
 */
const api = apiRoute('/api/firms/search', {
  POST: async ({ request, user }) => {
    const body = await readBody(request, firmSearchBodySchema)
    const { fid: rawFid, ...rest } = body.whereColumns
    const filters = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)]))
    const fid =
      rawFid === undefined || String(rawFid).trim() === ''
        ? undefined
        : parseId(typeof rawFid === 'number' ? rawFid : rawFid.trim())
    if (fid === null) throw new InvalidError('whereColumns.fid: must be a firm id')
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
})

export const loader = api.loader
export const action = api.action
