import { canSeeSsn } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { FIRM_LIMIT, FIRM_MESSAGES } from '#app/domain/firm-search'
import { slicePage } from '#app/domain/paging'
import { readQuery } from '#app/http/api.server'
import type { ApiContext, ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { firmsByCategory } from '#app/models/firm-activity.server'
import { requireFirm } from '#app/models/firm.server'
import { firmRecipients } from '#app/models/note-editor.server'
import { firmMembers, PEOPLE_LIMIT, withSsnFor } from '#app/models/person.server'
import { firmCategoryQuerySchema, firmPeopleQuerySchema, firmRecipientsQuerySchema } from '#app/schemas/firm-calls'

/**
 * A firm's calls of spec 2 §7 that read firms and their people (the firm viewer's screens): each reads
 * through the model call its screen uses and answers a page: `result`, `count`, `page`, `perPage`,
 * `totalpages` (and `more` when a list stopped at its limit).
 */

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
async function firmPeoplePage({ request, params }: ApiContext) {
  const fid = requireId(params.id, 'firm')
  const query = readQuery(request, firmPeopleQuerySchema)
  const db = getDb()
  await requireFirm(db, fid)
  const people = await firmMembers(db, fid, { search: query.search, bySurname: query.surname })
  const page = slicePage(people, { page: query.page, size: query.perPage })
  return {
    rows: page.rows,
    paging: {
      count: people.length,
      page: page.page,
      perPage: query.perPage,
      totalpages: page.pages,
      ...(people.length >= PEOPLE_LIMIT ? { more: true } : {}),
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
  GET: async ({ request, params }) => {
    const fid = requireId(params.id, 'firm')
    const query = readQuery(request, firmRecipientsQuerySchema)
    const db = getDb()
    await requireFirm(db, fid)
    const found = await firmRecipients(db, fid, { search: query.search, page: query.page, size: query.perPage })
    return {
      result: found.rows,
      count: found.total,
      page: found.page,
      perPage: query.perPage,
      totalpages: found.pages,
    }
  },
}
