import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { FIRM_MESSAGES, hasSearchField, resultColumns } from '#app/domain/firm-search'
import { searchFirms } from '#app/models/firm.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { firmSearchBodySchema } from '#app/schemas/firm-search'

const ROUTE = '/api/firms/search'

/** POST /api/firms/search: a column search (spec 2 §7); answers result, totalpages, count. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = await requireUser(request, ROUTE)
  const body = await readBody(request, firmSearchBodySchema)
  const { fid, ...rest } = body.whereColumns
  const filters = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)]))
  if (fid === undefined && !hasSearchField(filters)) return apiError(400, 'EMPTY_SEARCH', FIRM_MESSAGES.emptySearch)
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
  if (page.overLimit) return Response.json({ result: [], totalpages: 0, count: page.count, status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit })
  return Response.json({ result: page.result, totalpages: page.totalpages, count: page.count })
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}
