import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import type { TranlogType } from '#app/domain/tranlog'
import { notes, tranlogs } from '#app/db/schema'
import { ADMIN_ONLY_TYPES, NOTE_MESSAGES, isOwner } from '#app/domain/notes'
import { recordChange } from './change-log.server'
import { NoteRuleError, type Actor } from './note.server'
import { isRecordId } from '#app/domain/ids'

/**
 * The transaction log of a note's sends (spec 2 §3 Tranlog, §7): one row per attempt, with its channel,
 * status, queued and sent times and what happened. The email model writes a row for every send (queued
 * before the message leaves, then sent or failed); people may add rows by hand (a fax or letter sent
 * outside the app) on notes they may edit. Changing or deleting a row rewrites history, so it is the
 * admin group's power only (checked here, not in a screen).
 */

export type TranlogRow = typeof tranlogs.$inferSelect
export type TranlogStatus = TranlogRow['status']

export const TRANLOG_MESSAGES = {
  notFound: 'No such transaction log entry.',
  adminOnly: 'Only an admin may change or delete transaction log entries.',
  sentBeforeQueued: 'The sent time cannot be before the queued time.',
} as const

/** The longest note kept on a row (an SMTP error or a recipients list); longer text is cut. */
export const TRANLOG_NOTE_MAX = 2000

const clip = (text: string | null | undefined) =>
  text == null ? null : text.length > TRANLOG_NOTE_MAX ? `${text.slice(0, TRANLOG_NOTE_MAX - 1)}…` : text

/**
 * GET /api/tranlogs/{nid} and the Notes tab's tran log dialog: a note's rows, oldest first. The caller
 * has already shown the note to the user (admin-type notes are checked by `noteForTranlog`).
 */
export async function listTranlogs(db: DbOrTx, nid: number): Promise<TranlogRow[]> {
  if (!isRecordId(nid)) return []
  return db.select().from(tranlogs).where(eq(tranlogs.nid, nid)).orderBy(asc(tranlogs.queued), asc(tranlogs.id))
}

export async function getTranlog(db: DbOrTx, id: number): Promise<TranlogRow | null> {
  if (!isRecordId(id)) return null
  const [row] = await db.select().from(tranlogs).where(eq(tranlogs.id, id))
  return row ?? null
}

/** The note a log belongs to, if the actor may see it (admin-type notes only for admins); else a 404. */
export async function noteForTranlog(db: DbOrTx, nid: number, actor: Pick<Actor, 'isAdmin'>) {
  const [note] = isRecordId(nid)
    ? await db
        .select({
          nid: notes.nid,
          fid: notes.fid,
          staff: notes.staff,
          type: notes.type,
          status: notes.status,
          to: notes.to,
          html: notes.html,
        })
        .from(notes)
        .where(eq(notes.nid, nid))
    : []
  if (!note || (!actor.isAdmin && (ADMIN_ONLY_TYPES as readonly string[]).includes(note.type)))
    throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
  return note
}

export interface TranlogInput {
  nid: number
  type: TranlogType
  status: TranlogStatus
  queued?: Date
  sent?: Date | null
  note?: string | null
}

function checkTimes(queued: Date, sent: Date | null | undefined) {
  if (sent && sent.getTime() < queued.getTime()) throw new NoteRuleError(TRANLOG_MESSAGES.sentBeforeQueued, 400)
}

/**
 * POST /api/tranlogs: a row added by hand, on a note the actor may edit (its owner, or an admin).
 * The email model writes its own rows with `logAttempt` and `finishAttempt`.
 */
export async function createTranlog(db: DbOrTx, input: TranlogInput, actor: Actor): Promise<TranlogRow> {
  return db.transaction(async (tx) => {
    const note = await noteForTranlog(tx, input.nid, actor)
    if (!actor.isAdmin && !isOwner(note, actor))
      throw new NoteRuleError(note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName)
    const queued = input.queued ?? new Date()
    checkTimes(queued, input.sent)
    const [row] = await tx
      .insert(tranlogs)
      .values({
        nid: input.nid,
        type: input.type,
        status: input.status,
        queued,
        sent: input.sent ?? null,
        note: clip(input.note),
        createdBy: actor.username,
      })
      .returning()
    await recordChange(tx, { userId: actor.id, entity: 'tranlog', entityId: row.id, action: 'create', after: row })
    return row
  })
}

export type TranlogChanges = Partial<Omit<TranlogInput, 'nid'>>

/** PUT /api/tranlogs/{id}: admin group only. */
export async function updateTranlog(
  db: DbOrTx,
  id: number,
  changes: TranlogChanges,
  actor: Actor,
): Promise<TranlogRow> {
  if (!actor.isAdmin) throw new NoteRuleError(TRANLOG_MESSAGES.adminOnly, 403)
  return db.transaction(async (tx) => {
    const [before] = isRecordId(id) ? await tx.select().from(tranlogs).where(eq(tranlogs.id, id)).for('update') : []
    if (!before) throw new NoteRuleError(TRANLOG_MESSAGES.notFound, 404)
    const queued = changes.queued ?? before.queued
    const sent = changes.sent === undefined ? before.sent : changes.sent
    checkTimes(queued, sent)
    const set = {
      ...(changes.type !== undefined && { type: changes.type }),
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.queued !== undefined && { queued: changes.queued }),
      ...(changes.sent !== undefined && { sent: changes.sent }),
      ...(changes.note !== undefined && { note: clip(changes.note) }),
    }
    if (Object.keys(set).length === 0) return before
    const [after] = await tx.update(tranlogs).set(set).where(eq(tranlogs.id, id)).returning()
    await recordChange(tx, { userId: actor.id, entity: 'tranlog', entityId: id, action: 'update', before, after })
    return after
  })
}

/** DELETE /api/tranlogs/{id}: admin group only. */
export async function deleteTranlog(db: DbOrTx, id: number, actor: Actor): Promise<TranlogRow> {
  if (!actor.isAdmin) throw new NoteRuleError(TRANLOG_MESSAGES.adminOnly, 403)
  return db.transaction(async (tx) => {
    const [before] = isRecordId(id) ? await tx.delete(tranlogs).where(eq(tranlogs.id, id)).returning() : []
    if (!before) throw new NoteRuleError(TRANLOG_MESSAGES.notFound, 404)
    await recordChange(tx, { userId: actor.id, entity: 'tranlog', entityId: id, action: 'delete', before })
    return before
  })
}

// ── Rows written by a send ─────────────────────────────────────────────────────────────────────────

/**
 * The row of a send attempt, committed as 'queued' before the message leaves, so an attempt that
 * never comes back (a crash, a hung server) still shows in the log.
 */
export async function logAttempt(
  db: DbOrTx,
  attempt: { nid: number; type: TranlogType; note: string; userId: number; username: string },
): Promise<TranlogRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tranlogs)
      .values({
        nid: attempt.nid,
        type: attempt.type,
        status: 'queued',
        queued: new Date(),
        note: clip(attempt.note),
        createdBy: attempt.username,
      })
      .returning()
    await recordChange(tx, {
      userId: attempt.userId,
      entity: 'tranlog',
      entityId: row.id,
      action: 'create',
      after: row,
    })
    return row
  })
}

/** The outcome of an attempt: 'sent' with the sent time, or 'failed' with the error. */
export async function finishAttempt(
  db: DbOrTx,
  id: number,
  outcome: { status: 'sent' | 'failed'; note: string; userId: number },
): Promise<TranlogRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tranlogs).where(eq(tranlogs.id, id)).for('update')
    if (!before) throw new NoteRuleError(TRANLOG_MESSAGES.notFound, 404)
    // The clock may step back between the two writes; sent never goes before queued (a table check).
    const now = new Date()
    const sent = outcome.status === 'sent' ? (now < before.queued ? before.queued : now) : null
    const [after] = await tx
      .update(tranlogs)
      .set({ status: outcome.status, sent, note: clip(outcome.note) })
      .where(eq(tranlogs.id, id))
      .returning()
    await recordChange(tx, { userId: outcome.userId, entity: 'tranlog', entityId: id, action: 'update', before, after })
    return after
  })
}
