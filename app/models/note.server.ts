import { RuleError } from '#app/domain/errors'
import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { executePrepared, type DbOrTx } from '#app/db/client.server'
import {
  fileLinks,
  fileObjects,
  firms,
  noteReaders,
  noteRecipients,
  notes,
  people,
  policies,
  userAcls,
  users,
} from '#app/db/schema'
import { sanitizeUserHtml } from '#app/domain/html.server'
import {
  ADMIN_ONLY_TYPES,
  CLOSED_STATUSES,
  COPY_PREFIX,
  NEW_NOTE,
  NOTE_BATCH_SIZE,
  NOTE_MESSAGES,
  NOTE_SUB_BATCH,
  copyRe,
  handOffText,
  isClosed,
  isDateEditable,
  isOwner,
  prependTask,
  selectableTypes,
  staffChoices,
  taskLine,
  type NoteActor,
  type NoteMode,
  type NoteStatusName,
  type NoteTypeName,
} from '#app/domain/notes'
import { ConflictError, recordChange } from './change-log.server'
import { ownedLinks, visibleFileLinks, visibleLinks } from './file.server'
import { batchPageOf, pageOf, type PageWindow } from './paging.server'
import { anyContains } from './search-text.server'
import { usernameIs } from './user.server'
import { isRecordId } from '#app/domain/ids'

/**
 * Notes (spec 2 §3–6): reading, the firm's notes list, create, copy, update with the ownership rules,
 * delete, readers, recipients and note files. Jobs (the per-user queue) are in job.server.ts, sends in
 * email.server.ts. Every write runs in a transaction, bumps the version, sets cstamp and records the change.
 */

export type NoteRow = typeof notes.$inferSelect

/** Who is acting: the user's id (for the change log), username and whether they are in group admin. */
export interface Actor extends NoteActor {
  id: number
}

/** The acting user of a note change, from the signed-in user (every note write names one). */
export const actorOf = (user: Actor): Actor => ({ id: user.id, username: user.username, isAdmin: user.isAdmin })

/** A refused change the user can act on: the route answers its status with the message. */
export class NoteRuleError extends RuleError {
  override name = 'NoteRuleError'
  constructor(message: string, status: 400 | 403 | 404 | 409 = 403) {
    super(message, status)
  }
}

/** The note's stored fields, as the API names them. */
export const NOTE_COLUMNS = {
  nid: notes.nid,
  stamp: notes.stamp,
  ostamp: notes.ostamp,
  cstamp: notes.cstamp,
  fid: notes.fid,
  pid: notes.pid,
  plid: notes.plid,
  direct: notes.direct,
  type: notes.type,
  status: notes.status,
  opener: notes.opener,
  closer: notes.closer,
  signer: notes.signer,
  staff: notes.staff,
  dated: notes.dated,
  due: notes.due,
  re: notes.re,
  note: notes.note,
  frid: notes.frid,
  taken: notes.taken,
  tasks: notes.tasks,
  html: notes.html,
  to: notes.to,
  version: notes.version,
} as const

/** The note entity as the API sends it: the stored fields plus firm_sort, fullName and the edit flags. */
const noteEntity = {
  ...NOTE_COLUMNS,
  firm_sort: firms.sort,
  fullName: sql<string | null>`nullif(trim(concat_ws(' ', ${people.given}, ${people.surname})), '')`,
}
export type NoteEntity = Omit<NoteRow, never> & { firm_sort: string | null; fullName: string | null }

/** What the actor may do with a note; the screens show or hide actions by these, the writes re-check them. */
export function noteRights(note: Pick<NoteRow, 'staff' | 'status' | 'type'>, actor: NoteActor & { canEdit: boolean }) {
  const owner = isOwner(note, actor)
  return {
    owner,
    /** May change the note's fields (the editor; inline edits add the closed/incoming refusals). */
    edit: actor.canEdit && (owner || actor.isAdmin),
    /** An admin opening someone else's note is asked before taking it. */
    take: actor.canEdit && !owner && (actor.isAdmin || !isClosed(note.status)),
    delete: actor.isAdmin,
  }
}

function visibility(isAdmin: boolean): SQL | undefined {
  return isAdmin ? undefined : notInArray(notes.type, [...ADMIN_ONLY_TYPES])
}

function entityQuery(db: DbOrTx) {
  return db
    .select(noteEntity)
    .from(notes)
    .leftJoin(firms, eq(firms.fid, notes.fid))
    .leftJoin(people, eq(people.plid, notes.plid))
}

/** One note; admin-type notes exist only for admins. Sanitises an HTML body again on the way out. */
export async function getNote(db: DbOrTx, nid: number, options: { isAdmin: boolean }): Promise<NoteEntity | null> {
  if (!isRecordId(nid)) return null
  const [row] = await entityQuery(db).where(and(eq(notes.nid, nid), visibility(options.isAdmin)))
  return row ? forDisplay(row) : null
}

function forDisplay<T extends { html: boolean; note: string | null }>(row: T): T {
  return row.html && row.note ? { ...row, note: sanitizeUserHtml(row.note) } : row
}

// ── The firm's notes list ──────────────────────────────────────────────────────────────────────────

export const NOTE_SORT_COLUMNS = {
  dated: notes.dated,
  type: notes.type,
  status: notes.status,
  re: notes.re,
  staff: notes.staff,
  cstamp: notes.cstamp,
  opener: notes.opener,
  nid: notes.nid,
} as const
export type NoteSortColumn = keyof typeof NOTE_SORT_COLUMNS

export interface FirmNotesQuery {
  fid: number
  mode: NoteMode
  /** Mode Status: the one status shown. */
  status?: NoteStatusName
  /** Types to show (POST /api/notes/search whereObjects type list); all visible when empty. */
  types?: readonly string[]
  statuses?: readonly string[]
  search?: string
  sortBy?: NoteSortColumn
  desc?: boolean
  isAdmin: boolean
}

function modeCondition(query: Pick<FirmNotesQuery, 'mode' | 'status'>): SQL | undefined {
  switch (query.mode) {
    case 'Active':
      return notInArray(notes.status, [...CLOSED_STATUSES])
    case 'Open':
      // Still waiting on someone: neither closed nor archived.
      return notInArray(notes.status, [...CLOSED_STATUSES, 'archive'])
    case 'Status':
      return query.status ? eq(notes.status, query.status) : undefined
    case 'Web':
      return inArray(notes.type, ['web', 'web in'])
    default:
      return undefined
  }
}

function searchCondition(term: string | undefined): SQL | undefined {
  const value = term?.trim()
  if (!value) return undefined
  const numeric = /^\d{1,9}$/.test(value) ? eq(notes.nid, Number(value)) : undefined
  return or(anyContains([notes.re, notes.note, notes.staff, notes.opener, notes.type], value.slice(0, 100)), numeric)
}

/** The filter of a firm's notes list: the firm, what the user may see, the mode, types, statuses and search. */
function firmNotesWhere(query: FirmNotesQuery): SQL | undefined {
  return and(
    eq(notes.fid, query.fid),
    visibility(query.isAdmin),
    modeCondition(query),
    query.types?.length ? inArray(notes.type, [...query.types] as NoteTypeName[]) : undefined,
    query.statuses?.length ? inArray(notes.status, [...query.statuses] as NoteStatusName[]) : undefined,
    searchCondition(query.search),
  )
}

/** The order of a firm's notes list: the chosen column (newest first by default), then `then` (a stable order). */
function firmNotesOrder(query: Pick<FirmNotesQuery, 'sortBy' | 'desc'>, ...then: SQL[]): SQL[] {
  const column = NOTE_SORT_COLUMNS[query.sortBy ?? 'cstamp'] ?? notes.cstamp
  return [query.desc === false ? asc(column) : desc(column), ...then]
}

/**
 * The notes of `picked` (a subquery of note ids with `__total`, the count of every match, computed by
 * the database beside the ids it picks) as entities, in `order`. The ids are picked on the notes table
 * alone (its indexes), so only the page's rows are joined to their firm and person.
 */
function entitiesOf(db: DbOrTx, picked: ReturnType<typeof pickNotes>, order: SQL[]) {
  return db
    .select({ ...noteEntity, __total: picked.__total })
    .from(picked)
    .innerJoin(notes, eq(notes.nid, picked.nid))
    .leftJoin(firms, eq(firms.fid, notes.fid))
    .leftJoin(people, eq(people.plid, notes.plid))
    .orderBy(...order)
}

/** Note ids matching `where` in `order`, a window of them, each with the count of every match. */
function pickNotes(db: DbOrTx, where: SQL | undefined, order: SQL[], window: PageWindow) {
  return db
    .select({ nid: notes.nid, __total: sql<number>`count(*) OVER ()`.mapWith(Number).as('__total') })
    .from(notes)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)
    .as('picked')
}

const noRows = { result: [] as NoteEntity[], count: 0, page: 1 }

/**
 * A page of a firm's notes (newest change first by default) and how many match (POST /api/notes/search,
 * at most 1000 a page): pageOf, the one query answering both; a page past the end is the last one.
 */
export async function listFirmNotes(
  db: DbOrTx,
  query: FirmNotesQuery & { page: number; perPage: number },
): Promise<{ result: NoteEntity[]; count: number; page: number }> {
  if (!isRecordId(query.fid)) return noRows
  const where = firmNotesWhere(query)
  const order = firmNotesOrder(query, desc(notes.nid))
  const found = await pageOf((window) => entitiesOf(db, pickNotes(db, where, order, window), order), {
    page: query.page,
    size: Math.min(Math.max(Math.trunc(query.perPage) || 100, 1), 1000),
  })
  return { result: found.rows.map(forDisplay), count: found.total, page: found.page }
}

export interface FirmNotesBatchQuery extends FirmNotesQuery {
  /** 1-based batch of NOTE_BATCH_SIZE notes, newest change first. */
  batch: number
  /** 1-based page of NOTE_SUB_BATCH notes within the batch, in the chosen sort. */
  page: number
}

/**
 * The Notes tab (spec 2 §2.4, §9): the notes are cut into batches of 1000 by last change (newest first);
 * within the chosen batch they are sorted by a whitelisted column and shown 100 at a time (batchPageOf:
 * one query answers the page and the count of every match, for the batch selector; a batch or page past
 * the end is the last one, and `batch` and `page` say which was shown).
 */
export async function listFirmNotesBatch(
  db: DbOrTx,
  query: FirmNotesBatchQuery,
): Promise<{ result: NoteEntity[]; count: number; batch: number; page: number; batches: number; pages: number }> {
  const found = await firmNotesBatch(db, query, entitiesOf)
  return { ...found, result: found.result.map(forDisplay) }
}

/** What the Notes tab's list row shows of a note: its short fields, no body, firm or person. */
const NOTE_LIST_ROW = {
  nid: notes.nid,
  version: notes.version,
  type: notes.type,
  status: notes.status,
  re: notes.re,
  staff: notes.staff,
  opener: notes.opener,
  dated: notes.dated,
  cstamp: notes.cstamp,
} as const
export type NoteListRow = Pick<NoteEntity, keyof typeof NOTE_LIST_ROW>

function listRowsOf(db: DbOrTx, picked: ReturnType<typeof pickNotes>, order: SQL[]) {
  return db
    .select({ ...NOTE_LIST_ROW, __total: picked.__total })
    .from(picked)
    .innerJoin(notes, eq(notes.nid, picked.nid))
    .orderBy(...order)
}

/**
 * listFirmNotesBatch's page with only the list row's fields (the Notes tab): the same notes, batch,
 * page and count, without reading, joining and sanitising 100 bodies the table does not show.
 */
export async function listFirmNoteRowsBatch(
  db: DbOrTx,
  query: FirmNotesBatchQuery,
): Promise<{ result: NoteListRow[]; count: number; batch: number; page: number; batches: number; pages: number }> {
  return firmNotesBatch(db, query, listRowsOf)
}

async function firmNotesBatch<Row extends { __total: number }>(
  db: DbOrTx,
  query: FirmNotesBatchQuery,
  read: (db: DbOrTx, picked: ReturnType<typeof pickNotes>, order: SQL[]) => Promise<Row[]>,
) {
  if (!isRecordId(query.fid))
    return { result: [] as Omit<Row, '__total'>[], count: 0, page: 1, batch: 1, batches: 1, pages: 1 }
  const where = firmNotesWhere(query)
  const byChange = [desc(notes.cstamp), desc(notes.nid)]
  const column = NOTE_SORT_COLUMNS[query.sortBy ?? 'cstamp'] ?? notes.cstamp
  const direction = query.desc === false ? asc : desc
  const found = await batchPageOf(
    (batch, page) => {
      // The batch's ids by last change (with the count of every match), then the page's ids of them in
      // the chosen sort, on the notes table alone: only the page's 100 notes are read whole and joined.
      const inBatch = db
        .select({
          nid: notes.nid,
          cstamp: notes.cstamp,
          key: sql`${column}`.as('key'),
          __total: sql<number>`count(*) OVER ()`.mapWith(Number).as('__total'),
        })
        .from(notes)
        .where(where)
        .orderBy(...byChange)
        .limit(batch.limit)
        .offset(batch.offset)
        .as('in_batch')
      const picked = db
        .select({ nid: inBatch.nid, __total: inBatch.__total })
        .from(inBatch)
        .orderBy(direction(inBatch.key), desc(inBatch.cstamp), desc(inBatch.nid))
        .limit(page.limit)
        .offset(page.offset)
        .as('picked')
      return read(db, picked, [direction(column), ...byChange])
    },
    { batch: query.batch, batchSize: NOTE_BATCH_SIZE, page: query.page, size: NOTE_SUB_BATCH },
  )
  return {
    result: found.rows,
    count: found.matched,
    batch: found.batch,
    page: found.page,
    batches: found.batches,
    pages: found.pages,
  }
}

/**
 * The Web view (spec 2 §9): the firm's notes dated within 6 months before and 1 day after the chosen
 * note, oldest first, bodies included.
 */
export async function webPreview(
  db: DbOrTx,
  nid: number,
  options: { isAdmin: boolean; limit?: number },
): Promise<NoteEntity[]> {
  const note = await getNote(db, nid, options)
  if (!note?.fid) return []
  const rows = await entityQuery(db)
    .where(
      and(
        eq(notes.fid, note.fid),
        visibility(options.isAdmin),
        sql`${notes.dated} >= ${note.dated}::timestamptz - interval '6 months'`,
        sql`${notes.dated} <= ${note.dated}::timestamptz + interval '1 day'`,
      ),
    )
    .orderBy(asc(notes.dated), asc(notes.nid))
    .limit(Math.min(options.limit ?? 1000, 1000))
  return rows.map(forDisplay)
}

// ── Create, copy, delete ───────────────────────────────────────────────────────────────────────────

/** A note's policy must be one of its firm's, its person must exist: a 400 with a message, not a foreign-key failure. */
async function checkLinks(tx: DbOrTx, fid: number | null, links: { pid?: number | null; plid?: number | null }) {
  if (links.pid !== undefined && links.pid !== null) {
    const [policy] = await tx.select({ fid: policies.fid }).from(policies).where(eq(policies.pid, links.pid))
    if (!policy || (fid !== null && policy.fid !== fid))
      throw new NoteRuleError(`Policy ${links.pid} is not a policy of this firm.`, 400)
  }
  if (links.plid !== undefined && links.plid !== null) {
    const [person] = await tx.select({ plid: people.plid }).from(people).where(eq(people.plid, links.plid))
    if (!person) throw new NoteRuleError(`There is no person ${links.plid}.`, 400)
  }
}

/** A new note on a firm (spec 2 §4): memo, 'NEW NOTE', status normal, the creator as opener, closer and staff. */
export async function createNote(
  db: DbOrTx,
  input: { fid: number; pid?: number | null; plid?: number | null },
  actor: Actor,
): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const [firm] = await tx.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, input.fid))
    if (!firm) throw new NoteRuleError('No such firm.', 404)
    await checkLinks(tx, input.fid, input)
    const now = new Date()
    const [created] = await tx
      .insert(notes)
      .values({
        fid: input.fid,
        pid: input.pid ?? null,
        plid: input.plid ?? null,
        type: NEW_NOTE.type,
        status: NEW_NOTE.status,
        re: NEW_NOTE.re,
        opener: actor.username,
        closer: actor.username,
        staff: actor.username,
        stamp: now,
        cstamp: now,
        dated: now,
        tasks: taskLine(now, actor.username, 'created'),
      })
      .returning()
    await recordChange(tx, {
      userId: actor.id,
      entity: 'note',
      entityId: created.nid,
      action: 'create',
      after: created,
    })
    return created
  })
}

/**
 * A copy (spec 2 §4): re prefixed 'Copy of:', status normal, type memo, the copier as owner, with the
 * source's recipients and files (the file objects are shared, the links are new).
 */
export async function copyNote(db: DbOrTx, nid: number, actor: Actor): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(notes)
      .where(and(eq(notes.nid, nid), visibility(actor.isAdmin)))
    if (!source) throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
    const now = new Date()
    const [copy] = await tx
      .insert(notes)
      .values({
        fid: source.fid,
        pid: source.pid,
        plid: source.plid,
        direct: source.direct,
        type: 'memo',
        status: 'normal',
        opener: actor.username,
        closer: actor.username,
        staff: actor.username,
        signer: source.signer,
        stamp: now,
        cstamp: now,
        dated: now,
        due: source.due,
        re: source.re?.startsWith(COPY_PREFIX) ? source.re : copyRe(source.re),
        note: source.note,
        html: source.html,
        to: source.to,
        frid: source.nid,
        tasks: taskLine(now, actor.username, `copied from note ${source.nid}`),
      })
      .returning()
    await tx.execute(sql`
      INSERT INTO note_recipients (nid, plid, "to", cc, bcc)
      SELECT ${copy.nid}, plid, "to", cc, bcc FROM note_recipients WHERE nid = ${source.nid}`)
    await tx.execute(sql`
      INSERT INTO file_links (loid, nid, file_description, file_type, sort_index)
      SELECT loid, ${copy.nid}, file_description, file_type, sort_index FROM file_links WHERE nid = ${source.nid}`)
    await recordChange(tx, {
      userId: actor.id,
      entity: 'note',
      entityId: copy.nid,
      action: 'create',
      after: { ...copy, copiedFrom: source.nid },
    })
    return copy
  })
}

/** Permanent delete, admin group only (spec 2 §6); recipients, readers, tranlog and file links go with it. */
export async function deleteNote(db: DbOrTx, nid: number, actor: Actor): Promise<NoteRow> {
  if (!actor.isAdmin) throw new NoteRuleError(NOTE_MESSAGES.deleteAdminOnly, 403)
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(notes).where(eq(notes.nid, nid)).returning()
    if (!deleted) throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
    await recordChange(tx, { userId: actor.id, entity: 'note', entityId: nid, action: 'delete', before: deleted })
    return deleted
  })
}

// ── Update and ownership ───────────────────────────────────────────────────────────────────────────

/** The note entity fields a user may send on update (spec 2 §3: only the note entity fields are sent). */
export interface NoteChanges {
  dated?: Date
  due?: string | null
  type?: NoteTypeName
  status?: NoteStatusName
  staff?: string
  signer?: string | null
  pid?: number | null
  plid?: number | null
  direct?: string | null
  re?: string | null
  note?: string | null
  html?: boolean
  to?: string | null
}

/** The usernames the actor may give a note to: their ACL's allowed users plus themselves (§4). */
export async function allowedStaff(db: DbOrTx, actor: Actor): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(userAcls)
    .innerJoin(users, eq(users.id, userAcls.allowedUserId))
    .where(and(eq(userAcls.userId, actor.id), eq(users.enabled, true)))
  return staffChoices(
    actor.username,
    rows.map((row) => row.username),
  )
}

/** The spelling of an enabled user's name as stored, or null (staff holds users.username). */
async function enabledUsername(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(usernameIs(name), eq(users.enabled, true)))
  return row?.username ?? null
}

/**
 * A note the actor may see, locked for a change: missing (or hidden) is the spec's load failure (404); a
 * version read that is no longer the note's (when one is given) answers the conflict with the note as it is.
 */
async function lockNote(tx: DbOrTx, nid: number, actor: Actor, version: number | undefined) {
  const [note] = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.nid, nid), visibility(actor.isAdmin)))
    .for('update')
  if (!note) throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
  if (version !== undefined && note.version !== version)
    throw new ConflictError(await getNote(tx, nid, actor), NOTE_MESSAGES.conflict)
  return note
}

/**
 * Saves changes to a note with the rules of spec 2 §4–6:
 * - only the note's staff may change it; admin regardless of owner;
 * - inline edits (the notes table) are also refused on done or cancelled notes and incoming types (admin excepted);
 * - the date changes only on types status, memo, email out; non-admins cannot pick incoming or admin types;
 * - staff changes are limited to the ACL plus oneself (admin: any enabled user), set closer to the previous
 *   holder and prepend a 'took from / gave to' line;
 * - an HTML body is sanitised; the version must match (else ConflictError with the current note).
 */
export async function updateNote(
  db: DbOrTx,
  nid: number,
  version: number,
  changes: NoteChanges,
  actor: Actor,
  options: { inline?: boolean } = {},
): Promise<NoteEntity> {
  return db.transaction(async (tx) => {
    const before = await lockNote(tx, nid, actor, version)
    if (!actor.isAdmin) {
      if (!isOwner(before, actor))
        throw new NoteRuleError(before.staff ? NOTE_MESSAGES.ownerHasNote(before.staff) : NOTE_MESSAGES.notInYourName)
      if (options.inline && isClosed(before.status)) throw new NoteRuleError(NOTE_MESSAGES.closedRefused)
      if (options.inline && ['fax in', 'email in', 'web in'].includes(before.type))
        throw new NoteRuleError(NOTE_MESSAGES.incomingRefused)
    }
    const set: Partial<typeof notes.$inferInsert> = {}
    const type = changes.type ?? before.type
    if (changes.type !== undefined && changes.type !== before.type) {
      if (!selectableTypes(actor.isAdmin).includes(changes.type)) throw new NoteRuleError(NOTE_MESSAGES.typeRefused)
      set.type = changes.type
    }
    if (changes.dated !== undefined && changes.dated.getTime() !== before.dated.getTime()) {
      if (!isDateEditable(type)) throw new NoteRuleError(NOTE_MESSAGES.dateRefused, 400)
      set.dated = changes.dated
    }
    for (const key of ['due', 'status', 'signer', 'pid', 'plid', 'direct', 're', 'to'] as const) {
      if (changes[key] !== undefined && changes[key] !== before[key]) Object.assign(set, { [key]: changes[key] })
    }
    await checkLinks(tx, before.fid, set)
    const html = changes.html ?? before.html
    if (changes.html !== undefined && changes.html !== before.html) set.html = changes.html
    if (changes.note !== undefined || set.html !== undefined) {
      const body = changes.note !== undefined ? changes.note : before.note
      const note = html && body ? sanitizeUserHtml(body) : body
      // The body as it is stored already: no change (a Save without edits writes nothing, keeps Last).
      if (note !== before.note || set.html !== undefined) set.note = note
    }
    let tasks = before.tasks
    const now = new Date()
    if (changes.staff !== undefined && changes.staff.toLowerCase() !== (before.staff ?? '').toLowerCase()) {
      const allowed = actor.isAdmin ? null : await allowedStaff(tx, actor)
      const target = await enabledUsername(tx, changes.staff)
      if (!target || (allowed && !allowed.some((name) => name.toLowerCase() === target.toLowerCase()))) {
        throw new NoteRuleError(`${changes.staff} is not one of the users you may give notes to.`, 400)
      }
      set.staff = target
      set.closer = before.staff
      tasks = prependTask(tasks, taskLine(now, actor.username, handOffText(before.staff, target, actor.username)))
    }
    if (set.status && set.status !== before.status) {
      tasks = prependTask(tasks, taskLine(now, actor.username, `status ${set.status}`))
      if (isClosed(set.status)) set.closer = set.closer ?? actor.username
    }
    if (Object.keys(set).length === 0) return (await getNote(tx, nid, actor))!
    const [after] = await tx
      .update(notes)
      .set({ ...set, tasks, cstamp: now, version: sql`${notes.version} + 1` })
      .where(eq(notes.nid, nid))
      .returning()
    await recordChange(tx, { userId: actor.id, entity: 'note', entityId: nid, action: 'update', before, after })
    return (await getNote(tx, nid, actor))!
  })
}

/**
 * Takes a note into the actor's name (spec 2 §4): opening someone else's open note in the editor, an
 * admin confirming 'Take note from (owner)?', or Next Job. Closer becomes the previous holder and the
 * task log gets 'took from {staff}'. A note already the actor's is only stamped as opened.
 */
export async function takeNote(
  db: DbOrTx,
  nid: number,
  actor: Actor,
  options: { version?: number; opened?: boolean } = {},
): Promise<NoteEntity> {
  return db.transaction(async (tx) => {
    const before = await lockNote(tx, nid, actor, options.version)
    const now = new Date()
    if (isOwner(before, actor)) {
      if (options.opened) await tx.update(notes).set({ ostamp: now }).where(eq(notes.nid, nid))
      return (await getNote(tx, nid, actor))!
    }
    if (!actor.isAdmin && isClosed(before.status))
      throw new NoteRuleError(before.staff ? NOTE_MESSAGES.ownerHasNote(before.staff) : NOTE_MESSAGES.notInYourName)
    const [after] = await tx
      .update(notes)
      .set({
        staff: actor.username,
        closer: before.staff,
        tasks: prependTask(before.tasks, taskLine(now, actor.username, `took from ${before.staff ?? 'nobody'}`)),
        ostamp: options.opened ? now : before.ostamp,
        cstamp: now,
        version: sql`${notes.version} + 1`,
      })
      .where(eq(notes.nid, nid))
      .returning()
    await recordChange(tx, { userId: actor.id, entity: 'note', entityId: nid, action: 'update', before, after })
    return (await getNote(tx, nid, actor))!
  })
}

// ── Readers ────────────────────────────────────────────────────────────────────────────────────────

/** POST /api/notes/{id}/readers: the user has read the note now. */
export async function markNoteRead(db: DbOrTx, nid: number, username: string): Promise<void> {
  await db
    .insert(noteReaders)
    .values({ nid, uname: username })
    .onConflictDoUpdate({ target: [noteReaders.nid, noteReaders.uname], set: { readers_stamp: sql`now()` } })
}

/** Who has read a note and when (unordered): the readers list and the details panel's. */
function readerRows(db: DbOrTx, nid: number) {
  return db
    .select({ uname: noteReaders.uname, readers_stamp: noteReaders.readers_stamp })
    .from(noteReaders)
    .where(eq(noteReaders.nid, nid))
}

export async function noteReadersOf(db: DbOrTx, nid: number) {
  return readerRows(db, nid).orderBy(desc(noteReaders.readers_stamp))
}

/**
 * A note's recipients, files and readers as its details panel shows them, in one statement (three
 * round trips were most of a note popup's statements): the lists of noteRecipientsOf, noteFiles and
 * noteReadersOf, in their orders, with the fields the panel reads.
 */
export async function noteDetailLists(
  db: DbOrTx,
  nid: number,
  options: { isAdmin: boolean },
): Promise<{
  recipients: { plid: number; name: string; email: string | null; to: boolean; cc: boolean }[]
  files: { loidfid: number; filename: string; file_description: string | null }[]
  readers: { uname: string; readers_stamp: string }[]
}> {
  const recipients = recipientRows(db, nid)
  const files = visibleLinks(
    db
      .select({
        loidfid: fileLinks.loidfid,
        filename: fileObjects.filename,
        file_description: fileLinks.file_description,
        sort_index: fileLinks.sort_index,
      })
      .from(fileLinks)
      .$dynamic(),
    eq(fileLinks.nid, nid),
    options,
  )
  const readers = readerRows(db, nid)
  // Each list aggregated in the order its own read sorts by.
  const list = (query: SQLWrapper, order: SQL) =>
    sql`(SELECT coalesce(json_agg(t ORDER BY ${order}), '[]'::json) FROM (${query}) AS t)`
  const { rows } = await executePrepared<{
    recipients: { plid: number; name: string; email: string | null; to: boolean; cc: boolean; surname: string }[]
    files: { loidfid: number; filename: string; file_description: string | null; sort_index: number }[]
    readers: { uname: string; readers_stamp: string }[]
  }>(
    db,
    'note-detail-lists',
    sql`SELECT ${list(recipients, sql`t."to" DESC, t.cc DESC, t.surname ASC`)} AS recipients, ${list(files, sql`t.sort_index ASC, t.loidfid ASC`)} AS files, ${list(readers, sql`t.readers_stamp DESC`)} AS readers`,
  )
  const row = rows[0]!
  return {
    recipients: row.recipients.map(({ plid, name, email, to, cc }) => ({ plid, name, email, to, cc })),
    files: row.files.map(({ loidfid, filename, file_description }) => ({ loidfid, filename, file_description })),
    readers: row.readers,
  }
}

// ── Recipients ─────────────────────────────────────────────────────────────────────────────────────

export interface RecipientInput {
  plid: number
  to?: boolean
  cc?: boolean
  bcc?: boolean
}

/** A note's recipients with their person (unordered): the editor's list and the details panel's. */
function recipientRows(db: DbOrTx, nid: number) {
  return db
    .select({
      nid: noteRecipients.nid,
      plid: noteRecipients.plid,
      to: noteRecipients.to,
      cc: noteRecipients.cc,
      bcc: noteRecipients.bcc,
      fid: people.fid,
      cid: people.cid,
      given: people.given,
      surname: people.surname,
      email: people.email,
      name: sql<string>`trim(concat_ws(' ', ${people.given}, ${people.surname}))`.as('name'),
    })
    .from(noteRecipients)
    .innerJoin(people, eq(people.plid, noteRecipients.plid))
    .where(eq(noteRecipients.nid, nid))
}

export async function noteRecipientsOf(db: DbOrTx, nid: number) {
  return recipientRows(db, nid).orderBy(desc(noteRecipients.to), desc(noteRecipients.cc), asc(people.surname))
}

/**
 * Replaces a note's recipients (the editor saves the whole list). Each person needs an email and a
 * role; people of a firm must have an email (spec 2 §5). All or nothing.
 */
export async function setNoteRecipients(
  db: DbOrTx,
  nid: number,
  rowsOrChange: readonly RecipientInput[] | ((current: RecipientInput[]) => RecipientInput[]),
  actor: Actor,
  options: { bumpVersion?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .select({ nid: notes.nid, staff: notes.staff })
      .from(notes)
      .where(and(eq(notes.nid, nid), visibility(actor.isAdmin)))
      .for('update')
    if (!note) throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
    if (!actor.isAdmin && !isOwner(note, actor))
      throw new NoteRuleError(note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName)
    // A change (add, remove) is applied to the rows read under the note's lock: two calls never drop each other's rows.
    const rows =
      typeof rowsOrChange === 'function'
        ? rowsOrChange(
            await tx
              .select({
                plid: noteRecipients.plid,
                to: noteRecipients.to,
                cc: noteRecipients.cc,
                bcc: noteRecipients.bcc,
              })
              .from(noteRecipients)
              .where(eq(noteRecipients.nid, nid)),
          )
        : rowsOrChange
    const unique = new Map<number, RecipientInput>()
    for (const row of rows) if (row.to || row.cc || row.bcc) unique.set(row.plid, row)
    if (unique.size > 0) {
      const found = await tx
        .select({ plid: people.plid, email: people.email })
        .from(people)
        .where(inArray(people.plid, [...unique.keys()]))
      const withEmail = new Set(
        found.filter((person) => person.email && person.email.includes('@')).map((person) => person.plid),
      )
      const missing = [...unique.keys()].filter((plid) => !withEmail.has(plid))
      if (missing.length)
        throw new NoteRuleError(`Recipients need an email address (person ${missing.join(', ')}).`, 400)
    }
    const before = await tx.select().from(noteRecipients).where(eq(noteRecipients.nid, nid))
    await tx.delete(noteRecipients).where(eq(noteRecipients.nid, nid))
    if (unique.size) {
      await tx
        .insert(noteRecipients)
        .values(
          [...unique.values()].map((row) => ({ nid, plid: row.plid, to: !!row.to, cc: !!row.cc, bcc: !!row.bcc })),
        )
    }
    // Changed on their own (the recipients API), they count as a change of the note: an editor opened
    // before then gets the conflict message instead of saving over them.
    if (options.bumpVersion)
      await tx
        .update(notes)
        .set({ version: sql`${notes.version} + 1`, cstamp: new Date() })
        .where(eq(notes.nid, nid))
    await recordChange(tx, {
      userId: actor.id,
      entity: 'note_recipients',
      entityId: nid,
      action: 'update',
      before,
      after: [...unique.values()],
    })
  })
}

// ── Note files ─────────────────────────────────────────────────────────────────────────────────────

export async function noteFiles(db: DbOrTx, nid: number, options: { isAdmin: boolean }) {
  return ownedLinks(
    db
      .select({
        loid: fileLinks.loid,
        loidfid: fileLinks.loidfid,
        filename: fileObjects.filename,
        content_type: fileObjects.content_type,
        size: fileObjects.size,
        file_description: fileLinks.file_description,
        file_type: fileLinks.file_type,
        dated: fileObjects.dated,
      })
      .from(fileLinks)
      .$dynamic(),
    eq(fileLinks.nid, nid),
    options,
  )
}

/**
 * Attaches files (by loid) to a note: each loid must already be linked to the note's firm (a firm file)
 * or to the note. New links copy the firm link's description and type. Returns the note's files.
 */
export async function attachNoteFiles(db: DbOrTx, nid: number, loids: readonly number[], actor: Actor) {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .select({ nid: notes.nid, fid: notes.fid })
      .from(notes)
      .where(and(eq(notes.nid, nid), visibility(actor.isAdmin)))
    if (!note) throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
    const wanted = [...new Set(loids)].filter(isRecordId)
    if (wanted.length) {
      const sources = note.fid
        ? await tx
            .select({
              loid: fileLinks.loid,
              file_description: fileLinks.file_description,
              file_type: fileLinks.file_type,
            })
            .from(fileLinks)
            .where(and(eq(fileLinks.fid, note.fid), inArray(fileLinks.loid, wanted), visibleFileLinks(actor.isAdmin)))
        : []
      const existing = new Set(
        (await tx.select({ loid: fileLinks.loid }).from(fileLinks).where(eq(fileLinks.nid, nid))).map(
          (row) => row.loid,
        ),
      )
      const bySource = new Map(sources.map((row) => [row.loid, row]))
      const unknown = wanted.filter((loid) => !bySource.has(loid) && !existing.has(loid))
      if (unknown.length) throw new NoteRuleError(`Files ${unknown.join(', ')} are not files of this firm.`, 400)
      const fresh = wanted.filter((loid) => !existing.has(loid)).map((loid) => bySource.get(loid)!)
      if (fresh.length) {
        await tx.insert(fileLinks).values(
          fresh.map((row, index) => ({
            loid: row.loid,
            nid,
            file_description: row.file_description,
            file_type: row.file_type,
            sort_index: existing.size + index,
          })),
        )
        await logNoteFiles(tx, actor, nid, 'link', fresh)
      }
    }
    return noteFiles(tx, nid, actor)
  })
}

/** A note's files linked or unlinked, in the change log: the loids, after a link, before an unlink. */
function logNoteFiles(tx: DbOrTx, actor: Actor, nid: number, action: 'link' | 'unlink', rows: { loid: number }[]) {
  const loids = rows.map((row) => row.loid)
  return recordChange(tx, {
    userId: actor.id,
    entity: 'note_files',
    entityId: nid,
    action,
    ...(action === 'link' ? { after: loids } : { before: loids }),
  })
}

export async function detachNoteFiles(db: DbOrTx, nid: number, loids: readonly number[], actor: Actor) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(fileLinks)
      .where(
        and(
          eq(fileLinks.nid, nid),
          inArray(fileLinks.loid, [...loids].filter(isRecordId)),
          visibleFileLinks(actor.isAdmin),
        ),
      )
      .returning({ loid: fileLinks.loid })
    if (removed.length) await logNoteFiles(tx, actor, nid, 'unlink', removed)
    return noteFiles(tx, nid, actor)
  })
}

/** Makes the note's files exactly `loids` (PUT): detaching and attaching in one transaction, so a refused loid changes nothing. */
export async function replaceNoteFiles(db: DbOrTx, nid: number, loids: readonly number[], actor: Actor) {
  return db.transaction(async (tx) => {
    const current = await noteFiles(tx, nid, actor)
    const extra = current.filter((file) => !loids.includes(file.loid)).map((file) => file.loid)
    if (extra.length) await detachNoteFiles(tx, nid, extra, actor)
    return attachNoteFiles(tx, nid, loids, actor)
  })
}

// ── Users for the editor ───────────────────────────────────────────────────────────────────────────

/** Enabled users who may sign emails (the From picker), with their long names. */
export async function availableSigners(db: DbOrTx) {
  return db
    .select({ username: users.username, longName: users.longName, email: users.email })
    .from(users)
    .where(and(eq(users.enabled, true), eq(users.signer, true)))
    .orderBy(asc(users.username))
}
