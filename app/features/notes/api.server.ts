import { getDb } from '#app/db/client.server'
import type { NoteMode } from '#app/domain/notes'
import { batchCount, pagesInBatch } from '#app/domain/notes-tab'
import { readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { requireFirm } from '#app/models/firm.server'
import { firmNotesQuerySchema } from '#app/schemas/firm-calls'
import { firmNotesPage } from './firm-notes.server'

/**
 * GET /api/firms/{id}/notes: the firm's notes as its Notes tab lists them (spec 2 §2.4, §9): mode All,
 * Active, Status (with status) or Open, a search, searchcolumn and sortorder, in batches of 1000
 * (newest change first) and pages of 100 within a batch; admin-type notes only for admins. Answers
 * result (the notes), count (every matching note), batch, page, batches and pages (in the batch).
 */
export const firmNotesApi: ApiHandlers = {
  GET: async ({ request, params, user }) => {
    const fid = requireId(params.id, 'firm')
    const query = readQuery(request, firmNotesQuerySchema)
    const db = getDb()
    await requireFirm(db, fid)
    const found = await firmNotesPage(db, {
      fid,
      mode: query.mode as NoteMode,
      status: query.status,
      search: query.search,
      sortBy: query.searchcolumn,
      desc: query.sortorder === 'DESC',
      isAdmin: user.isAdmin,
      batch: query.batch,
      page: query.page,
    })
    return {
      result: found.result,
      count: found.count,
      batch: found.batch,
      page: found.page,
      batches: batchCount(found.count),
      pages: pagesInBatch(found.batch, found.count),
    }
  },
}
