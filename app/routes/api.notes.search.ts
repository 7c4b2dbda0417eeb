import type { ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { listFirmNotes } from '#app/models/note.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { expandStatuses, noteSearchBodySchema } from '#app/schemas/notes-api'

const ROUTE = '/api/notes/search'

/**
 * POST /api/notes/search (spec 2 §7): a firm's notes, page and perPage (at most 1000, the note row limit),
 * sorted by a whitelisted searchcolumn (default cstamp) in sortorder (default DESC), filtered by type and
 * status lists (status Active: neither done nor cancel). Answers {result, count}.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['POST'])
  }
  const user = await requireUser(request, ROUTE)
  const body = await readBody(request, noteSearchBodySchema)
  const { fid, type, status, search } = body.whereObjects
  const found = await listFirmNotes(getDb(), {
    fid,
    mode: 'All',
    types: type,
    statuses: expandStatuses(status),
    search,
    sortBy: body.searchcolumn,
    desc: body.sortorder === 'DESC',
    offset: (body.page - 1) * body.perPage,
    limit: body.perPage,
    isAdmin: user.isAdmin,
  })
  return Response.json(found)
}

export async function loader({ request }: { request: Request }) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}
