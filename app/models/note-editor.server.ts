import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, firms, noteRecipients, notes, people, policies, userAcls, users } from '#app/db/schema'
import { NOTE_MESSAGES, PICKER_POLICY_STATUSES, RECIPIENT_SEARCH } from '#app/domain/notes'
import { ConflictError } from './change-log.server'
import { pageOf, totalColumn } from './paging.server'
import { everyWordInNameOrEmail, withFirmAndContact } from './person.server'
import { userNamed } from './user.server'
import {
  getNote,
  NoteRuleError,
  setNoteRecipients,
  updateNote,
  type Actor,
  type NoteChanges,
  type NoteEntity,
  type RecipientInput,
} from './note.server'
import { isRecordId } from '#app/domain/ids'

/**
 * Queries of the Note/Email editor (spec 2 §2.5) that the note model does not hold: the policy picker,
 * the For and From choices, the recipients' people search, and the save of note and recipients together.
 */

// ── Policy picker ──────────────────────────────────────────────────────────────────────────────────

export interface PickerPolicy {
  pid: number
  status: string
  carrier: string | null
  type: string | null
  polnum: string | null
  incept: string | null
  expiry: string | null
}

/** The firm's policies the editor offers: statuses Book, dncLost, Lost, Past, Tail (spec 2 §2.5), newest first. */
export async function pickerPolicies(db: DbOrTx, fid: number | null): Promise<PickerPolicy[]> {
  if (fid === null || !isRecordId(fid)) return []
  return db
    .select({
      pid: policies.pid,
      status: policies.status,
      carrier: policies.carrier,
      type: policies.type,
      polnum: policies.polnum,
      incept: policies.incept,
      expiry: policies.expiry,
    })
    .from(policies)
    .where(and(eq(policies.fid, fid), inArray(policies.status, [...PICKER_POLICY_STATUSES])))
    .orderBy(desc(policies.incept), desc(policies.pid))
    .limit(200)
}

/** A policy as the picker labels it: "Lloyds FPL 2024-03-01 – 2025-03-01 (Book) #polnum". */
export function policyLabel(policy: PickerPolicy): string {
  const dates = [policy.incept, policy.expiry].filter(Boolean).join(' – ')
  return [policy.carrier, policy.type, dates, `(${policy.status})`, policy.polnum ? `#${policy.polnum}` : null]
    .filter(Boolean)
    .join(' ')
}

// ── Users ──────────────────────────────────────────────────────────────────────────────────────────

/** Every enabled user (an admin's For choices), by username. */
export async function enabledUsers(db: DbOrTx): Promise<{ username: string; longName: string | null }[]> {
  return db
    .select({ username: users.username, longName: users.longName })
    .from(users)
    .where(eq(users.enabled, true))
    .orderBy(asc(sql`lower(${users.username})`))
}

/** GET /api/users/email?username=: a user's email and long name (case-insensitive username). */
export async function userEmail(
  db: DbOrTx,
  username: string,
): Promise<{
  username: string
  email: string | null
  long_name: string | null
  signer: boolean
  enabled: boolean
} | null> {
  return userNamed(db, username, {
    username: users.username,
    email: users.email,
    long_name: users.longName,
    signer: users.signer,
    enabled: users.enabled,
  })
}

/** GET /api/users/{id}/acls: the enabled users this user may give notes to (spec 2 §3 User ACL). */
export async function allowedUsersOf(
  db: DbOrTx,
  userId: number,
): Promise<{
  user_id: number
  username: string
  allowed_users: { id: number; username: string; long_name: string | null }[]
} | null> {
  if (!isRecordId(userId)) return null
  const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId))
  if (!user) return null
  const allowed = await db
    .select({ id: users.id, username: users.username, long_name: users.longName })
    .from(userAcls)
    .innerJoin(users, eq(users.id, userAcls.allowedUserId))
    .where(and(eq(userAcls.userId, userId), eq(users.enabled, true)))
    .orderBy(asc(sql`lower(${users.username})`))
  return { user_id: user.id, username: user.username, allowed_users: allowed }
}

// ── Recipients' people search ──────────────────────────────────────────────────────────────────────

export interface RecipientCandidate {
  plid: number
  fid: number | null
  cid: number | null
  name: string
  salutation: string | null
  email: string | null
  firms_sort: string | null
  contacts_sort: string | null
}

export const RECIPIENT_SEARCH_LIMIT = 50

/**
 * People a note may be addressed to (spec 2 §5): from 2 characters, every word matching a name part or
 * the email; only people with a given name or surname; people of a firm only with an email. The note's
 * own firm comes first.
 */
export async function recipientCandidates(
  db: DbOrTx,
  options: { search: string; fid?: number | null; limit?: number },
): Promise<RecipientCandidate[]> {
  const term = cleanTerm(options.search)
  if (term.length < RECIPIENT_SEARCH.minChars) return []
  const ownFirm =
    options.fid && isRecordId(options.fid) ? [sql`(${people.fid} IS NOT DISTINCT FROM ${options.fid}) DESC`] : []
  return candidates(db)
    .where(and(everyWordInNameOrEmail(term), ADDRESSABLE))
    .orderBy(...ownFirm, asc(people.surname), asc(people.given), asc(people.plid))
    .limit(Math.min(Math.max(options.limit ?? RECIPIENT_SEARCH_LIMIT, 1), RECIPIENT_SEARCH_LIMIT))
}

const cleanTerm = (search: string) => search.trim().replaceAll('\u0000', '').slice(0, 100)

/** Who may be a recipient (spec 2 §5): a given name or surname, and for people of a firm an email. */
const ADDRESSABLE = and(
  sql`(length(trim(coalesce(${people.given}, ''))) > 0 OR length(trim(${people.surname})) > 0)`,
  or(isNull(people.fid), and(isNotNull(people.email), sql`${people.email} LIKE '%_@_%'`)),
)

/**
 * GET /api/firms/{id}/recipients: the firm's people a note may be addressed to, by the editor's
 * recipient rules (ADDRESSABLE; a search, when given, as the editor's people search matches), by
 * surname, a page at a time with the count.
 */
export async function firmRecipients(
  db: DbOrTx,
  fid: number,
  options: { search?: string; page: number; size: number },
): Promise<{ rows: RecipientCandidate[]; total: number; page: number; pages: number }> {
  if (!isRecordId(fid)) return { rows: [], total: 0, page: 1, pages: 1 }
  const term = cleanTerm(options.search ?? '')
  return pageOf(
    ({ limit, offset }) =>
      withFirmAndContact(
        db
          .select({ ...candidateColumns, __total: totalColumn() })
          .from(people)
          .$dynamic(),
      )
        .where(and(eq(people.fid, fid), everyWordInNameOrEmail(term), ADDRESSABLE))
        .orderBy(asc(people.surname), asc(people.given), asc(people.plid))
        .limit(limit)
        .offset(offset),
    { page: options.page, size: options.size },
  )
}

const candidateColumns = {
  plid: people.plid,
  fid: people.fid,
  cid: people.cid,
  name: sql<string>`trim(concat_ws(' ', ${people.given}, ${people.surname}))`,
  salutation: people.salutation,
  email: people.email,
  firms_sort: firms.sort,
  contacts_sort: contacts.sort,
}

/** A recipient candidate: the person with salutation, email and the firm or contact they belong to. */
function candidates(db: DbOrTx) {
  return withFirmAndContact(db.select(candidateColumns).from(people).$dynamic())
}

/** The people (with salutation) behind a list of plids, for recipients added in the form before saving. */
export async function recipientPeople(db: DbOrTx, plids: readonly number[]): Promise<RecipientCandidate[]> {
  const wanted = [...new Set(plids)].filter(isRecordId)
  if (wanted.length === 0) return []
  return candidates(db).where(inArray(people.plid, wanted))
}

// ── Save ───────────────────────────────────────────────────────────────────────────────────────────

const sameRecipients = (a: readonly RecipientInput[], b: readonly RecipientInput[]) => {
  const key = (rows: readonly RecipientInput[]) =>
    rows
      .filter((row) => row.to || row.cc || row.bcc)
      .map((row) => `${row.plid}:${row.to ? 1 : 0}${row.cc ? 1 : 0}${row.bcc ? 1 : 0}`)
      .sort()
      .join(',')
  return key(a) === key(b)
}

/**
 * The editor's Save (and the first half of Send): the note's fields and its recipients in one
 * transaction, against the version the form was opened with. A stale version is a ConflictError with
 * the current note, whatever changed; a recipients-only change still bumps the version, so a second
 * editor cannot overwrite the list unseen. Rules of updateNote and setNoteRecipients apply.
 */
export async function saveNoteAndRecipients(
  db: DbOrTx,
  nid: number,
  version: number,
  changes: NoteChanges,
  recipients: readonly RecipientInput[] | undefined,
  actor: Actor,
): Promise<NoteEntity> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ version: notes.version }).from(notes).where(eq(notes.nid, nid)).for('update')
    if (!before) throw new NoteRuleError(NOTE_MESSAGES.loadFailed, 404)
    if (before.version !== version) throw new ConflictError(await getNote(tx, nid, actor), NOTE_MESSAGES.conflict)
    let saved = await updateNote(tx, nid, version, changes, actor)
    if (recipients) {
      const current = await tx
        .select({ plid: noteRecipients.plid, to: noteRecipients.to, cc: noteRecipients.cc, bcc: noteRecipients.bcc })
        .from(noteRecipients)
        .where(eq(noteRecipients.nid, nid))
      if (!sameRecipients(current, recipients)) {
        await setNoteRecipients(tx, nid, recipients, actor)
        if (saved.version === version) {
          await tx
            .update(notes)
            .set({ version: sql`${notes.version} + 1`, cstamp: new Date() })
            .where(eq(notes.nid, nid))
          saved = (await getNote(tx, nid, actor))!
        }
      }
    }
    return saved
  })
}
