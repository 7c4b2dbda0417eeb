/**
 * Notes and jobs (spec 2 §2.3–2.5, §3–6, §8, §9): the pure rules every screen and API shares. A job
 * is a note assigned to a user (staff) whose status is neither done nor cancel ("Active").
 */

import { PAGE_SIZES } from './firm-search'
import { namesOf } from './labels'

export const NOTE_TYPE_LIST = [
  'web',
  'web in',
  'memo',
  'msg in',
  'msg out',
  'tel in',
  'tel out',
  'fax in',
  'fax out',
  'fax failed',
  'ltr in',
  'ltr out',
  'email in',
  'email out',
  'email failed',
  'appt',
  'update',
  'status',
  'retry',
  'news',
  'event',
  'surplus',
  'note',
  'admin',
] as const
export type NoteTypeName = (typeof NOTE_TYPE_LIST)[number]

export const NOTE_STATUS_LIST = [
  'archive',
  'check',
  'hold',
  'low',
  'normal',
  'urgent',
  'xtreme',
  'done',
  'cancel',
] as const
export type NoteStatusName = (typeof NOTE_STATUS_LIST)[number]

/** A closed note's statuses: a job is a note whose status is neither (the partial indexes' predicates read it too). */
export const CLOSED_STATUSES = ['done', 'cancel'] as const satisfies readonly NoteStatusName[]
/** The working filter value: neither done nor cancel. Never stored. */
export const ACTIVE = 'Active'

export function isClosed(status: string): boolean {
  return status === 'done' || status === 'cancel'
}

/** Incoming types: not selectable by non-admins, and not editable inline by them (§4, §6). */
export const INCOMING_TYPES: readonly NoteTypeName[] = ['fax in', 'email in', 'web in']
/** The only types whose date may be changed (§4). */
export const DATE_EDITABLE_TYPES: readonly NoteTypeName[] = ['status', 'memo', 'email out']
/** Types only the admin group sees. */
export const ADMIN_ONLY_TYPES: readonly NoteTypeName[] = ['admin']

/** The types a user may pick in a type list (admins: all; others: no incoming, no admin). */
export function selectableTypes(isAdmin: boolean): readonly NoteTypeName[] {
  return isAdmin
    ? NOTE_TYPE_LIST
    : NOTE_TYPE_LIST.filter((type) => !INCOMING_TYPES.includes(type) && !ADMIN_ONLY_TYPES.includes(type))
}

/** The types a user may see at all (admin-type notes are hidden from non-admins). */
export function visibleTypes(isAdmin: boolean): readonly NoteTypeName[] {
  return isAdmin ? NOTE_TYPE_LIST : NOTE_TYPE_LIST.filter((type) => !ADMIN_ONLY_TYPES.includes(type))
}

export function isDateEditable(type: string): boolean {
  return (DATE_EDITABLE_TYPES as readonly string[]).includes(type)
}

/** Status colours in tables and tiles: xtreme red, urgent blue, otherwise the text colour. */
export function statusColor(status: string): 'red' | 'blue' | undefined {
  return status === 'xtreme' ? 'red' : status === 'urgent' ? 'blue' : undefined
}

export interface NoteActor {
  username: string
  isAdmin: boolean
}

export interface NoteForRules {
  staff: string | null
  status: string
  type: string
}

function sameUser(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase()
}

export function isOwner(note: Pick<NoteForRules, 'staff'>, actor: Pick<NoteActor, 'username'>): boolean {
  return sameUser(note.staff, actor.username)
}

/**
 * Why an inline edit in the notes table is refused, or null when it is allowed (§4, §6): only the
 * user the note is for may edit it; done or cancelled notes and incoming types are refused; admins
 * are excepted from all three.
 */
export function inlineEditRefusal(note: NoteForRules, actor: NoteActor): string | null {
  if (actor.isAdmin) return null
  if (!isOwner(note, actor)) return note.staff ? NOTE_MESSAGES.ownerHasNote(note.staff) : NOTE_MESSAGES.notInYourName
  if (isClosed(note.status)) return NOTE_MESSAGES.closedRefused
  if ((INCOMING_TYPES as readonly string[]).includes(note.type)) return NOTE_MESSAGES.incomingRefused
  return null
}

/** The News tile's edit-note button: the note is open and the user's, or the user is admin (§2.10). */
export function mayEditFromNews(note: NoteForRules, actor: NoteActor): boolean {
  return actor.isAdmin || (!isClosed(note.status) && isOwner(note, actor))
}

/** Mark Done is only for one's own open jobs (§2.3, §6). */
export function mayMarkDone(note: NoteForRules, actor: Pick<NoteActor, 'username'>): boolean {
  return isOwner(note, actor) && !isClosed(note.status)
}

/** Send is disabled while the status is done (§2.5). */
export function maySend(status: string): boolean {
  return status !== 'done'
}

/** Staff choices: the user's ACL allowed users plus themselves (§4), without duplicates, sorted. */
export function staffChoices(username: string, allowed: readonly string[]): string[] {
  const seen = new Map<string, string>()
  for (const name of [username, ...allowed]) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name)
  return [...seen.values()].sort((a, b) => a.localeCompare(b))
}

// ── Task log ───────────────────────────────────────────────────────────────────────────────────────

/** "YYYY-MM-DD HH:MM" in UTC, as the seed writes it. */
export function taskStamp(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ')
}

/** A line of the task log: "YYYY-MM-DD HH:MM user: text". */
export function taskLine(at: Date, username: string, text: string): string {
  return `${taskStamp(at)} ${username}: ${text.replace(/[\r\n]+/g, ' ')}`
}

/** The log is newest first: a new line goes on top. */
export function prependTask(tasks: string | null | undefined, line: string): string {
  return tasks ? `${line}\n${tasks}` : line
}

/** The line written when a note changes hands (§4). */
export function handOffText(from: string | null, to: string, actor: string): string {
  if (sameUser(to, actor)) return `took from ${from ?? 'nobody'}`
  if (sameUser(from, actor)) return `gave to ${to}`
  return `took from ${from ?? 'nobody'} / gave to ${to}`
}

// ── Jobs ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * Job kinds (§3). The spec names them without defining them; the meaning chosen here
 * (docs/decisions/0006-job-kinds.md):
 * - ticklers: open jobs whose Exdate (due) has come, today or earlier;
 * - retries: open jobs of type retry, email failed or fax failed (a send to do again);
 * - solicit: open jobs on a firm whose status is Prospect;
 * - others: open jobs that are none of those;
 * - all: every open job.
 */
export const JOB_KINDS = ['all', 'ticklers', 'retries', 'others', 'solicit'] as const
export type JobKind = (typeof JOB_KINDS)[number]
export const RETRY_TYPES: readonly NoteTypeName[] = ['retry', 'email failed', 'fax failed']
export const SOLICIT_FIRM_STATUS = 'Prospect'

export interface JobForKind {
  type: string
  due: string | null
  firmStatus: string | null
}

export function jobKindsOf(job: JobForKind, today: string): JobKind[] {
  const kinds: JobKind[] = ['all']
  if (job.due && job.due <= today) kinds.push('ticklers')
  if ((RETRY_TYPES as readonly string[]).includes(job.type)) kinds.push('retries')
  if (job.firmStatus === SOLICIT_FIRM_STATUS) kinds.push('solicit')
  if (kinds.length === 1) kinds.push('others')
  return kinds
}

/** Jobs table columns (§2.3), in default order; the user's order is saved as jobHeaders. */
export const JOB_COLUMN_LABELS = {
  actions: 'Actions',
  sort: 'Firm Name',
  exdate: 'Exdate',
  status: 'Status',
  lag: 'Age',
  type: 'Type',
  re: 'Re',
  dated: 'Dated',
  staff: 'For',
  cstamp: 'Last',
  opener: 'By',
} as const
export const JOB_COLUMNS = namesOf(JOB_COLUMN_LABELS)
export type JobColumn = (typeof JOB_COLUMNS)[number]

/** The sortable columns of the jobs table (the model's whitelist maps each to its SQL); `actions` is not. */
export type JobSortColumn = Exclude<JobColumn, 'actions'>
export const JOB_SORTABLE = JOB_COLUMNS.filter((column): column is JobSortColumn => column !== 'actions')

/** A saved jobHeaders order made whole: unknown names dropped, missing columns appended in default order. */
export function jobColumnOrder(saved: readonly string[] | null | undefined): JobColumn[] {
  const valid = new Set<string>(JOB_COLUMNS)
  const chosen = [...new Set((saved ?? []).filter((name) => valid.has(name)))] as JobColumn[]
  return [...chosen, ...JOB_COLUMNS.filter((column) => !chosen.includes(column))]
}

/** Status order for the default sort "status descending": most pressing first. */
export const STATUS_RANK: Record<NoteStatusName, number> = {
  archive: 0,
  low: 1,
  hold: 2,
  check: 3,
  normal: 4,
  urgent: 5,
  xtreme: 6,
  done: -1,
  cancel: -2,
}

/** Firm sort is cut over 30 characters in the jobs table (§9). */
export const JOB_FIRM_SORT_MAX = 30
/** The jobs table pages like the firms table on the same page (spec 2 §2.1, §9): 100, 200 or 500 rows, 100 first. */
export const JOB_PAGE_SIZES = PAGE_SIZES
export const JOB_PAGE_SIZE = JOB_PAGE_SIZES[0]
/**
 * Rows of the jobs list drawn above an open firm's tab when the URL asks for no size (decision 0038):
 * the spec is silent on it; 25 rows fill the list's scroll box twice over for a user scanning by eye,
 * and the pager (with 100, 200, 500 offered) reaches the rest. The jobs list alone keeps 100.
 */
export const JOB_PAGE_SIZE_BESIDE_FIRM = 25

/** The jobs table's own messages (the spec's 'Error marking note done.' is NOTE_MESSAGES.markDoneFailed). */
export const JOB_MESSAGES = {
  noJobs: 'No jobs are waiting.',
  overrideNeeded: "Only users with job-override may see other users' jobs.",
  noteEditNeeded: 'You do not have permission to take or close jobs.',
  markedDone: (nid: number) => `Note ${nid} was marked done.`,
  taken: (re: string | null, firm: string | null) => `Next job: ${re || '(no re)'}${firm ? ` · ${firm}` : ''}`,
  columnsSaved: 'The column order was saved.',
  capped: (shown: number, count: number) =>
    `Showing the first ${shown} of ${count} jobs. Narrow the list with the search box or a job kind.`,
} as const

/** Moves a column one place left or right in a (whole) column order. */
export function moveJobColumn(
  order: readonly JobColumn[],
  column: JobColumn,
  direction: 'left' | 'right',
): JobColumn[] {
  const next = jobColumnOrder(order)
  const at = next.indexOf(column)
  const to = direction === 'left' ? at - 1 : at + 1
  if (at < 0 || to < 0 || to >= next.length) return next
  ;[next[at], next[to]] = [next[to], next[at]]
  return next
}

/** Puts a dragged column where another one is (the drop target moves aside). */
export function dropJobColumn(order: readonly JobColumn[], dragged: JobColumn, target: JobColumn): JobColumn[] {
  const whole = jobColumnOrder(order)
  if (dragged === target) return whole
  const next = whole.filter((column) => column !== dragged)
  const at = next.indexOf(target)
  next.splice(whole.indexOf(dragged) < whole.indexOf(target) ? at + 1 : at, 0, dragged)
  return next
}

// ── Notes tab ──────────────────────────────────────────────────────────────────────────────────────

/** Notes tab modes (§2.4): Active (not done/cancel), Status (one chosen status), Open (not done), All, Web. */
export const NOTE_MODES = ['Active', 'Status', 'Open', 'All', 'Web'] as const
export type NoteMode = (typeof NOTE_MODES)[number]
export const NOTE_BATCH_SIZE = 1000
export const NOTE_SUB_BATCH = 100
/** Web preview window: 1 day plus 6 months around the chosen note (§9). */
export const WEB_WINDOW = { days: 1, months: 6 } as const
export const NEWS_LIMIT = 4000

// ── Editor ─────────────────────────────────────────────────────────────────────────────────────────

/** Policy statuses offered by the editor's policy picker (§2.5). */
export const PICKER_POLICY_STATUSES = ['Book', 'dncLost', 'Lost', 'Past', 'Tail'] as const

export const NEW_NOTE = { type: 'memo', re: 'NEW NOTE', status: 'normal' } as const
export const COPY_PREFIX = 'Copy of:'

export function copyRe(re: string | null | undefined): string {
  return `${COPY_PREFIX} ${re ?? ''}`.trim()
}

/** Plain text to HTML: newlines become line breaks (§4); the text is escaped. */
export function plainToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return escaped.replace(/\r\n|\r|\n/g, '<br>')
}

/** HTML back to plain text: breaks and paragraphs become newlines, other tags go, entities are read. */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n')
    .replace(/<\/?p[^>]*>/gi, '\n')
    .replace(/<\/(div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '')
}

export const EMAIL_TIMING = { reloadAfterMs: 3000 } as const
export const RECIPIENT_SEARCH = { minChars: 2, debounceMs: 300 } as const

export const NOTE_MESSAGES = {
  loadFailed:
    'An error occurred while trying to retrieve the note. If the problem persists please notify the development team with a detailed description of the error.',
  markDoneFailed: 'Error marking note done.',
  noteFilesFailed: 'Failed to get noteFiles',
  aclsFailed: 'Failed to get users ACLS',
  activeUsersFailed: 'Failed to get Active Users',
  notInYourName: 'This note is not in your name. To edit a note, the note must be in your name.',
  ownerHasNote: (owner: string) => `${owner} has this note`,
  takeNote: (owner: string) => `Take note from ${owner}?`,
  closedRefused: 'This note is done or cancelled and can no longer be edited.',
  incomingRefused: 'Incoming notes (fax in, email in, web in) can only be edited by an admin.',
  dateRefused: 'The date can be changed only on notes of type status, memo or email out.',
  typeRefused: 'Only an admin may give a note that type.',
  deleteAdminOnly: 'Only an admin may delete notes.',
  deleteWarning: 'Deleting this note is permanent. It cannot be recovered.',
  missingFields: 'Please be sure to fill the to, from, re, and note fields.',
  invalidFrom: (from: string) => `${from} is not currently available`,
  noExtension: 'Files without an extension are not sent as attachments:',
  sending: 'Sending...allow 15+ seconds...',
  sent: 'Note was saved and email was sent.',
  sendFailed: 'There was an error sending the email.',
  sendFailedDetail:
    'An error occurred while trying to send the email. Please check the recipients and try again. If the problem persists please notify the development team with a detailed description of the error.',
  saved: 'The note was saved.',
  changeSaved: 'The note change was saved.',
  conflict:
    'Someone else saved this note after you opened it. Your changes were not saved; the form now shows the current note.',
  /** The spec's "not in your name" (spec 2 §8), then how to undo a give-away. */
  readOnlyGivenAway: (to: string) =>
    `This note is not in your name. To edit a note, the note must be in your name. You gave it to ${to}; give it back to yourself and save to edit it again.`,
  pasteOver: 'The note already has text. Replace it with the template?',
  recipientsMin: 'Type at least 2 characters to search...',
  recipientsSearching: 'Searching...',
  recipientsNone: 'No people found',
  recipientsFailed: 'Search failed. Please try again.',
} as const

/** The states of a tranlog row (an email, fax or letter attempt): queued, then sent or failed. */
export const TRANLOG_STATUSES = ['queued', 'sent', 'failed'] as const
