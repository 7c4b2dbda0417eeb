import { canSeeSsn } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { DomainError, NotFoundError } from '#app/domain/errors'
import { FIRM_LIMIT, FIRM_MESSAGES, hasSearchField, resultColumns } from '#app/domain/firm-search'
import { notFoundMessage } from '#app/domain/ids'
import { pagedAnswer, parseWith, readBody, readQuery } from '#app/http/api.server'
import type { ApiContext, ApiHandlers } from '#app/http/api-route.server'
import { firmListCall, requireFirmParam } from '#app/http/firm-call.server'
import { requireId } from '#app/http/ids.server'
import { firmClaimTotals } from '#app/models/claim.server'
import { firmsByCategory } from '#app/models/firm-activity.server'
import { getFirm, searchFirms, unisearchFirms, updateFirm } from '#app/models/firm.server'
import { firmRecipients } from '#app/models/note-editor.server'
import { firmMembersPage, PEOPLE_LIMIT, withSsnFor } from '#app/models/person.server'
import { apiRecord } from '#app/schemas/api-record'
import { firmPutSchema } from '#app/schemas/firm'
import { firmCategoryQuerySchema, firmPeopleQuerySchema, firmRecipientsQuerySchema } from '#app/schemas/firm-calls'
import { firmSearchBodySchema, searchedFid, unisearchQuerySchema } from '#app/schemas/firm-search'

/**
 * The firm API calls (spec 2 §7), each served by `apiRoute` in its route module. The calls of the firm
 * viewer's screens read through the model call their screen uses and answer a page: `result`, `count`,
 * `page`, `perPage`, `totalpages` (and `more` when a list stopped at its limit).
 */

const NO_SUCH_FIRM = notFoundMessage('firm')

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
  GET: async ({ params }) => firmClaimTotals(getDb(), await requireFirmParam(params)),
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

/**
 * GET /api/firms?category=active|neglected (decision 0025): firms with Active notes changed in the last
 * 30 days, most recent first, or whose Active notes nobody has changed for 30 days, longest first; each
 * row with `lastcstamp` and `activenotes`. A non-admin sees a category's first 100 firms, and the
 * spec's over-limit notice when it holds more (spec 2 §5); admins page through all of it.
 */
export const firmsByCategoryApi: ApiHandlers = {
  GET: async ({ request, user }) => {
    const query = readQuery(request, firmCategoryQuerySchema)
    const found = await firmsByCategory(getDb(), {
      category: query.category,
      page: query.page,
      size: query.perPage,
      reach: user.isAdmin ? undefined : FIRM_LIMIT,
    })
    return {
      result: found.result,
      count: found.count,
      page: found.page,
      perPage: query.perPage,
      totalpages: found.totalpages,
      ...(found.overLimit ? { status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit } : {}),
    }
  },
}

/**
 * The firm's people as the Members tab reads them (firmMembers: its search over names and email, by
 * surname when asked, at most the spec's 1000 people), a page of them.
 */
async function firmPeoplePage(context: ApiContext) {
  const { fid, query } = await firmListCall(context, firmPeopleQuerySchema)
  const page = await firmMembersPage(
    getDb(),
    fid,
    { search: query.search, bySurname: query.surname },
    { page: query.page, size: query.perPage },
  )
  return {
    rows: page.rows,
    paging: {
      count: page.total,
      page: page.page,
      perPage: query.perPage,
      totalpages: page.pages,
      ...(page.matched > PEOPLE_LIMIT ? { more: true } : {}),
    },
  }
}

/** GET /api/firms/{id}/people: the firm's people (person entities; the SSN masked without person-edit). */
export const firmPeopleApi: ApiHandlers = {
  GET: async (context) => {
    const { rows, paging } = await firmPeoplePage(context)
    return { result: withSsnFor(canSeeSsn(context.user), rows), ...paging }
  },
}

/** GET /api/firms/members/{id}: the Members tab's rows (spec 2 §2.2): its columns, no SSN, as the tab sends them. */
export const firmMembersApi: ApiHandlers = {
  GET: async (context) => {
    const { rows, paging } = await firmPeoplePage(context)
    const result = rows.map((person) => ({
      plid: person.plid,
      fid: person.fid,
      name: person.name,
      role: person.role,
      mobile: person.mobile,
      home: person.home,
      direct: person.direct,
      ext: person.ext,
      fax: person.fax,
      email: person.email,
      licensed: person.licensed,
      ce: person.ce,
      hired: person.hired,
      hours: person.hours,
    }))
    return { result, ...paging }
  },
}

/** GET /api/firms/firmplids/{id}: the ids (plid) of the firm's people, in the Members tab's order. */
export const firmPlidsApi: ApiHandlers = {
  GET: async (context) => {
    const { rows, paging } = await firmPeoplePage(context)
    return { result: rows.map((person) => person.plid), ...paging }
  },
}

/**
 * GET /api/firms/{id}/recipients: the firm's people a note may be addressed to, by the note editor's
 * recipient rules (a given name or surname, and an email: spec 2 §5), by surname; `search` narrows
 * them as the editor's people search does.
 */
export const firmRecipientsApi: ApiHandlers = {
  GET: async (context) => {
    const { fid, query } = await firmListCall(context, firmRecipientsQuerySchema)
    const found = await firmRecipients(getDb(), fid, { search: query.search, page: query.page, size: query.perPage })
    return pagedAnswer(found, found.total, query.perPage)
  },
}
