import { getDb } from '#app/db/client.server'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { listFirmNotes } from '#app/models/note.server'
import { expandStatuses, noteSearchBodySchema } from '#app/schemas/notes-api'

/**
 * POST /api/notes/search (spec 2 §7): a firm's notes, page and perPage (at most 1000, the note row limit),
 * sorted by a whitelisted searchcolumn (default cstamp) in sortorder (default DESC), filtered by type and
 * status lists (status Active: neither done nor cancel). Answers {result, count}.
 */
const api = apiRoute('/api/notes/search', {
  POST: async ({ request, user }) => {
    const body = await readBody(request, noteSearchBodySchema)
    const { fid, type, status, search } = body.whereObjects
    return listFirmNotes(getDb(), {
      fid,
      mode: 'All',
      types: type,
      statuses: expandStatuses(status),
      search,
      sortBy: body.searchcolumn,
      desc: body.sortorder === 'DESC',
      page: body.page,
      perPage: body.perPage,
      isAdmin: user.isAdmin,
    })
  },
})

export const loader = api.loader
export const action = api.action
