import type { DbOrTx } from '#app/db/client.server'
import { clampBatchPage } from '#app/domain/notes-tab'
import { listFirmNotesBatch, type FirmNotesBatchQuery } from '#app/models/note.server'

/**
 * A page of a firm's notes as the Notes tab lists them (spec 2 §2.4, §9): the batch of 1000 (newest
 * change first) and its page of 100 asked for, or the last ones there are when that is past the end (a
 * stale bookmark, notes gone). The tab and GET /api/firms/{id}/notes both read their notes here.
 */
export async function firmNotesPage(db: DbOrTx, query: FirmNotesBatchQuery) {
  let found = await listFirmNotesBatch(db, query)
  const clamped = clampBatchPage(query.batch, query.page, found.count)
  if (clamped.batch !== query.batch || clamped.page !== query.page)
    found = await listFirmNotesBatch(db, { ...query, ...clamped })
  return { ...found, ...clamped }
}
