import { actorOf } from '#app/models/note.server'
import { canDeleteNotes } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { NOTE_MESSAGES, type NoteMode } from '#app/domain/notes'
import { jsonTextAnswer, readBody, readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { firmListCall } from '#app/http/firm-call.server'
import { requireId } from '#app/http/ids.server'
import { BULLETIN_FIELDS, BULLETIN_ORDERS, BULLETIN_TYPES, listBulletinsJson } from '#app/models/bulletin.server'
import {
  copyNote,
  createNote,
  deleteNote,
  getNote,
  listFirmNotes,
  listFirmNotesBatch,
  updateNote,
} from '#app/models/note.server'
import {
  TRANLOG_MESSAGES,
  createTranlog,
  deleteTranlog,
  listTranlogs,
  noteForTranlog,
  updateTranlog,
} from '#app/models/tranlog.server'
import { tranlogCreateSchema, tranlogUpdateSchema } from '#app/schemas/email.server'
import { firmNotesQuerySchema } from '#app/schemas/firm-calls'
import * as bodies from '#app/schemas/notes-api'

/** The notes API calls (spec 2 §7), each served by `apiRoute` in its route module. */

const noteId = (param: string | undefined) => requireId(param, 'note', NOTE_MESSAGES.loadFailed)

const bulletinQuery = bodies.bulletinListQuerySchema({
  types: BULLETIN_TYPES,
  fields: BULLETIN_FIELDS,
  orders: BULLETIN_ORDERS,
})

/**
 * GET /api/notes: news and calendar notes (bulletinListQuerySchema). POST /api/notes (note-edit): `{fid}`
 * creates a new note on the firm (memo, 'NEW NOTE', in the caller's name); `{copy: nid}` copies a note
 * ('Copy of:', memo, normal, with its recipients and files). 201 with the note.
 */
export const notesApi: ApiHandlers = {
  GET: async ({ request, user }) =>
    jsonTextAnswer(await listBulletinsJson(getDb(), readQuery(request, bulletinQuery), user)),
  POST: async ({ request, user }) => {
    const body = await readBody(request, bodies.noteCreateBodySchema)
    const actor = actorOf(user)
    const note = 'copy' in body ? await copyNote(getDb(), body.copy, actor) : await createNote(getDb(), body, actor)
    return Response.json(note, { status: 201 })
  },
}

/**
 * GET /api/notes/{id}: the note entity with its version (send it back on PUT); 404 with the spec's
 * message. PUT saves the fields with the ownership and type/date/staff rules (the model's NoteRuleError
 * with its status, 409 with the current note on a stale version); DELETE removes it permanently (admin).
 */
export const noteApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const note = await getNote(getDb(), noteId(params.id), { isAdmin: user.isAdmin })
    if (!note) throw new NotFoundError(NOTE_MESSAGES.loadFailed)
    return note
  },
  PUT: async ({ request, params, user }) => {
    const nid = noteId(params.id)
    const body = await readBody(request, bodies.noteUpdateBodySchema)
    // The spec's inline-edit call: closed and incoming notes are refused to non-admins (spec 2 §4, §6).
    return updateNote(getDb(), nid, body.version, bodies.noteChangesOf(body), actorOf(user), { inline: true })
  },
  DELETE: async ({ params, user }) => {
    if (!canDeleteNotes(user)) throw new ForbiddenError(NOTE_MESSAGES.deleteAdminOnly)
    const nid = noteId(params.id)
    await deleteNote(getDb(), nid, actorOf(user))
    return { status: 'DELETED', nid }
  },
}

/**
 * POST /api/notes/search (spec 2 §7): a firm's notes, page and perPage (at most 1000, the note row limit),
 * sorted by a whitelisted searchcolumn (default cstamp) in sortorder (default DESC), filtered by type and
 * status lists (status Active: neither done nor cancel). Answers {result, count}; a page past the end
 * answers no rows, as it always has (a client paging until an empty page stops there).
 */
export const notesSearchApi: ApiHandlers = {
  POST: async ({ request, user }) => {
    const body = await readBody(request, bodies.noteSearchBodySchema)
    const { fid, type, status, search } = body.whereObjects
    const found = await listFirmNotes(getDb(), {
      fid,
      mode: 'All',
      types: type,
      statuses: bodies.expandStatuses(status),
      search,
      sortBy: body.searchcolumn,
      desc: body.sortorder === 'DESC',
      page: body.page,
      perPage: body.perPage,
      isAdmin: user.isAdmin,
    })
    return { result: found.page === body.page ? found.result : [], count: found.count }
  },
}

/**
 * GET /api/firms/{id}/notes: the firm's notes as its Notes tab lists them (spec 2 §2.4, §9): mode All,
 * Active, Status (with status) or Open, a search, searchcolumn and sortorder, in batches of 1000
 * (newest change first) and pages of 100 within a batch (the tab's listFirmNotesBatch: a batch or page
 * past the end is the last one); admin-type notes only for admins. Answers result (the notes), count
 * (every matching note), batch, page, batches and pages (in the batch).
 */
export const firmNotesApi: ApiHandlers = {
  GET: async ({ request, params, user }) => {
    const { fid, query } = await firmListCall({ request, params }, firmNotesQuerySchema)
    const found = await listFirmNotesBatch(getDb(), {
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
      batches: found.batches,
      pages: found.pages,
    }
  },
}

/**
 * POST /api/tranlogs: a log row added by hand (a fax or letter sent outside the app) on a note the
 * user may edit. Body: nid, type (email, fax, letter), status (queued, sent, failed), queued, sent,
 * note. 201 with the row; the model's NoteRuleErrors answer their status.
 */
export const tranlogsApi: ApiHandlers = {
  POST: async ({ request, user }) => {
    const body = await readBody(request, tranlogCreateSchema)
    return Response.json(await createTranlog(getDb(), body, actorOf(user)), { status: 201 })
  },
}

/**
 * One path, two meanings, as the spec's calls have it (spec 2 §7): GET /api/tranlogs/{nid} reads a
 * NOTE's log (the id is a note id), while PUT and DELETE /api/tranlogs/{id} change one log ROW (the id
 * is a tranlog id; admin group only, said by the model). The registry has the one pattern for all three.
 */
export const tranlogApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const nid = noteId(params.id)
    const db = getDb()
    await noteForTranlog(db, nid, user)
    return listTranlogs(db, nid)
  },
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'tranlog', TRANLOG_MESSAGES.notFound)
    const changes = await readBody(request, tranlogUpdateSchema)
    return updateTranlog(getDb(), id, changes, actorOf(user))
  },
  DELETE: async ({ params, user }) => {
    const id = requireId(params.id, 'tranlog', TRANLOG_MESSAGES.notFound)
    const removed = await deleteTranlog(getDb(), id, actorOf(user))
    return { status: 'DELETED', id: removed.id }
  },
}
