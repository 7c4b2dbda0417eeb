import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import {
  ADMIN_ONLY_TYPES,
  CLOSED_STATUSES,
  NOTE_STATUS_LIST,
  NOTE_TYPE_LIST,
  TRANLOG_STATUSES,
  type NoteStatusName,
  type NoteTypeName,
} from '#app/domain/notes'
import { createdAt, identity, inList, isoDate, notBlankChecks, requiredRef, version } from './columns'
import { firms } from './firms'
import { people } from './people'
import { policies } from './policies'

/**
 * Note types in list order (the ntype list numbers them 0-22; `admin` is the extra type only the
 * admin group sees) and stored statuses ("Active" is a filter, never stored): the pure rules in
 * app/domain/notes.ts own the lists.
 */
export const NOTE_TYPES = NOTE_TYPE_LIST
export type NoteType = NoteTypeName
export const NOTE_STATUSES = NOTE_STATUS_LIST
export type NoteStatus = NoteStatusName

/**
 * A note; a job is a note whose staff is a user and whose status is neither done nor cancel.
 * staff (assignee), opener, closer and signer hold usernames, as the API sends them: users are
 * disabled, never deleted, and usernames are case-insensitively unique, so the text is a stable key.
 * Write the spelling stored in users.username, so equality (and the index) finds a user's jobs.
 */
/**
 * A firm's Active note (neither done nor cancelled, admin-type aside): the predicate of the partial index
 * `notes_active_firm_idx`, written once so the category statement (app/models/firm-activity.server.ts)
 * proves the index's predicate by repeating it exactly.
 */
export const activeFirmNote = (t: { status: AnyColumn; type: AnyColumn; fid: AnyColumn }): SQL =>
  sql`${t.status} NOT IN (${inList(CLOSED_STATUSES)}) AND ${t.type} NOT IN (${inList(ADMIN_ONLY_TYPES)}) AND ${t.fid} IS NOT NULL`

export const notes = pgTable(
  'notes',
  {
    nid: identity('nid'),
    /** Created. */
    stamp: timestamp('stamp', { withTimezone: true }).notNull().defaultNow(),
    /** Last opened. */
    ostamp: timestamp('ostamp', { withTimezone: true }),
    /** Last changed: the jobs table's "Last" and the notes tab order. */
    cstamp: timestamp('cstamp', { withTimezone: true }).notNull().defaultNow(),
    /** News, events and appointments may stand alone; every other note belongs to a firm. */
    fid: integer('fid').references(() => firms.fid),
    pid: integer('pid').references(() => policies.pid, { onDelete: 'set null' }),
    /** The person the note is with (caller, correspondent). */
    plid: integer('plid').references(() => people.plid, { onDelete: 'set null' }),
    /** Direct line or address used for this exchange. */
    direct: text('direct'),
    type: text('type', { enum: NOTE_TYPES }).notNull(),
    status: text('status', { enum: NOTE_STATUSES }).notNull(),
    opener: text('opener'),
    closer: text('closer'),
    signer: text('signer'),
    staff: text('staff'),
    /** The note's date-time (editable only for types status, memo, email out). */
    dated: timestamp('dated', { withTimezone: true }).notNull().defaultNow(),
    /** Tickler / event date; the jobs table's Exdate. */
    due: isoDate('due'),
    re: text('re'),
    /** Plain text, or sanitised HTML when `html` is true. */
    note: text('note'),
    /** The note this one was copied or forwarded from (legacy reference, kept without a constraint). */
    frid: integer('frid'),
    /** When the job was last taken with Next Job. */
    taken: timestamp('taken', { withTimezone: true }),
    /** Newest-first log of "timestamp username: text" lines. */
    tasks: text('tasks'),
    html: boolean('html').notNull().default(false),
    /** The To line as typed (addresses); structured recipients are in note_recipients. */
    to: text('to'),
    version: version(),
  },
  (t) => [
    check('notes_type_valid', sql`${t.type} IN (${inList(NOTE_TYPES)})`),
    check('notes_status_valid', sql`${t.status} IN (${inList(NOTE_STATUSES)})`),
    check('notes_fid_required', sql`${t.fid} IS NOT NULL OR ${t.type} IN ('news', 'event', 'appt', 'admin')`),
    // Job counts per user and status (active, xtreme), and notes of one status.
    index('notes_staff_status_idx').on(t.staff, t.status, t.cstamp),
    // A user's open jobs, oldest change first, without reading the done ones (most notes are done).
    index('notes_open_jobs_idx')
      .on(t.staff, t.cstamp)
      .where(sql`${t.status} NOT IN (${inList(CLOSED_STATUSES)})`),
    // The firm's notes tab, newest change first.
    index('notes_fid_cstamp_idx').on(t.fid, t.cstamp),
    // GET /api/firms?category=active|neglected: each firm's Active notes (admin-type aside), grouped by
    // firm with their last change (app/models/firm-activity.server.ts; decision 0025).
    index('notes_active_firm_idx').on(t.fid, t.cstamp).where(activeFirmNote(t)),
    // Home tiles: news, events and appointments by date.
    index('notes_type_dated_idx').on(t.type, t.dated),
    // GET /api/notes?withFuturecstamp: a type's notes changed from now on (2,000 upcoming of 11,000
    // appointments at scale 100), read directly instead of intersecting two larger bitmaps.
    index('notes_type_cstamp_idx').on(t.type, t.cstamp),
    index('notes_pid_idx').on(t.pid),
    index('notes_plid_idx').on(t.plid),
  ],
)

/** A person a note is addressed to, as To, Cc or Bcc. */
export const noteRecipients = pgTable(
  'note_recipients',
  {
    nid: requiredRef('nid', () => notes.nid, { onDelete: 'cascade' }),
    plid: requiredRef('plid', () => people.plid, { onDelete: 'cascade' }),
    to: boolean('to').notNull().default(false),
    cc: boolean('cc').notNull().default(false),
    bcc: boolean('bcc').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.nid, t.plid] }),
    check('note_recipients_one_role', sql`${t.to} OR ${t.cc} OR ${t.bcc}`),
    index('note_recipients_plid_idx').on(t.plid),
  ],
)

/** Who has read a note, and when. */
export const noteReaders = pgTable(
  'note_readers',
  {
    nid: requiredRef('nid', () => notes.nid, { onDelete: 'cascade' }),
    uname: text('uname').notNull(),
    readers_stamp: timestamp('readers_stamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nid, t.uname] })],
)

export { TRANLOG_STATUSES }

/** The transaction log of a note's sends (every email is written here). */
export const tranlogs = pgTable(
  'tranlogs',
  {
    id: identity('id'),
    nid: requiredRef('nid', () => notes.nid, { onDelete: 'cascade' }),
    /** Channel: email, fax, letter. */
    type: text('type').notNull(),
    status: text('status', { enum: TRANLOG_STATUSES }).notNull(),
    queued: timestamp('queued', { withTimezone: true }).notNull().defaultNow(),
    sent: timestamp('sent', { withTimezone: true }),
    /** What happened: recipients, message id, or the error. */
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    ...notBlankChecks('tranlogs', t.type),
    check('tranlogs_status_valid', sql`${t.status} IN (${inList(TRANLOG_STATUSES)})`),
    check('tranlogs_sent_after_queued', sql`${t.sent} IS NULL OR ${t.sent} >= ${t.queued}`),
    index('tranlogs_nid_idx').on(t.nid, t.queued),
  ],
)
