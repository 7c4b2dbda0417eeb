import { isClosed, prependTask, taskLine } from '#app/domain/notes'
import type { NoteStatus, NoteType, noteReaders, noteRecipients, notes, tranlogs } from '../schema'
import { addDays, addMinutes, at, isWeekday } from './calendar'
import { idSequence, type SeedContext } from './context'
import type { FirmDirectory, FirmInfo, PersonInfo } from './directory'
import { float64List, int32List, uint8List, type PackedList } from './packed'
import type { PolicyRef } from './policies'
import type { Rng } from './prng'
import { JOB_STAFF, STAFF } from './staff'

const NOTES_PER_FIRM: readonly [number, number] = [10, 20]

/** How often each type is written on a firm (news and events are generated apart). */
const FIRM_NOTE_TYPES: readonly (readonly [NoteType, number])[] = [
  ['memo', 18],
  ['tel in', 12],
  ['tel out', 12],
  ['email in', 10],
  ['email out', 12],
  ['msg in', 4],
  ['msg out', 3],
  ['fax in', 2],
  ['fax out', 2],
  ['fax failed', 1],
  ['ltr in', 3],
  ['ltr out', 4],
  ['email failed', 1],
  ['update', 4],
  ['status', 4],
  ['retry', 2],
  ['web', 2],
  ['web in', 3],
  ['surplus', 2],
  ['note', 4],
  ['appt', 1],
  ['admin', 1],
]

// Old notes are mostly finished; a few forgotten ones linger in the queues, as in real life.
const OLD_STATUSES: readonly (readonly [NoteStatus, number])[] = [
  ['done', 88],
  ['cancel', 7],
  ['archive', 1],
  ['normal', 1.5],
  ['low', 1],
  ['hold', 0.5],
  ['check', 1],
]
const RECENT_STATUSES: readonly (readonly [NoteStatus, number])[] = [
  ['done', 48],
  ['normal', 22],
  ['urgent', 10],
  ['xtreme', 4],
  ['hold', 4],
  ['low', 4],
  ['check', 5],
  ['cancel', 3],
]

const SUBJECTS: Partial<Record<NoteType, readonly string[]>> = {
  'tel in': [
    'Called about renewal',
    'Question on deductible',
    'Asked for certificate of insurance',
    'Reported potential claim',
  ],
  'tel out': [
    'Renewal reminder call',
    'Follow up on application',
    'Left voicemail re: payment',
    'Called re: missing signature',
  ],
  'email in': [
    'Renewal Application',
    'Supplemental Application',
    'Loss Run Request',
    'Policy Change Request',
    'RE: Quote',
  ],
  'email out': ['Quote', 'Premium Invoice', 'Binder Request', 'Certificate of Insurance', 'Renewal Application'],
  'email failed': ['Quote', 'Premium Invoice'],
  'ltr in': ['Signed application received', 'Notice of circumstances'],
  'ltr out': ['Renewal notice', 'Cancellation Notice', 'Payment Reminder'],
  'fax in': ['Signed application', 'Loss runs from prior carrier'],
  'fax out': ['Binder', 'Quote'],
  'fax failed': ['Binder'],
  retry: ['Resend quote', 'Retry invoice'],
  'web in': ['Web quote request', 'Online application submitted'],
  web: ['Portal access granted'],
  surplus: ['Surplus lines affidavit', 'Diligent search filed'],
  status: ['Status change', 'Policy booked'],
  update: ['Address updated', 'Members updated'],
  appt: ['Renewal meeting', 'Office visit'],
  admin: ['Billing dispute', 'Collections'],
}

export interface NoteRows {
  notes: (typeof notes.$inferInsert)[]
  noteRecipients: (typeof noteRecipients.$inferInsert)[]
  noteReaders: (typeof noteReaders.$inferInsert)[]
  tranlogs: (typeof tranlogs.$inferInsert)[]
}

/** An old open job of a worker's queue marked done or cancelled: the change to make to its row. */
export interface JobClosure {
  nid: number
  status: 'done' | 'cancel'
  closer: string
  /** The task-log line to put on top, when the note has a task log. */
  line: string
}

export interface NoteBook {
  /** One firm's history: its notes with their recipients, readers and transaction log. */
  forFirm(firm: FirmInfo, policies: readonly PolicyRef[]): NoteRows
  /** After the last firm: news, events and appointments for the home tiles. */
  bulletins(firms: FirmDirectory): NoteRows
  /**
   * Then: the old open jobs each worker's queue sheds, in batches (their rows are already written,
   * so these are changes to them). Must be read to the end before `workload`.
   */
  closeOldJobs(): Generator<JobClosure[]>
  /** Last: every job kind in every worker's queue, the unassigned pool and the workers' bulletins. */
  workload(firms: FirmDirectory): NoteRows
  /** Notes of type email out, with their firm: files get attached to some. */
  emailNotes: { nid: PackedList<Int32Array>; fid: PackedList<Int32Array> }
}

export const NOTE_ID_BASE = 100_001
const CLOSURES_PER_BATCH = 10_000

const TASK_STAMP = (instant: Date) => instant.toISOString().slice(0, 16).replace('T', ' ')

export function createNoteBook(ctx: SeedContext): NoteBook {
  const rng = ctx.rng.fork('notes')
  const workRng = ctx.rng.fork('workload')
  const nextNid = idSequence(NOTE_ID_BASE)
  const nextTranlog = idSequence(1)
  const emailNotes = { nid: int32List(), fid: int32List() }
  // The open jobs of the firm histories, a few bytes each: which ones a queue sheds is known only
  // once every firm is written (the newest are kept), and their rows are gone by then.
  const openJobs = { staff: uint8List(), cstamp: float64List(), nid: int32List() }
  const jobStaffIndex = new Map(JOB_STAFF.map(([username], index) => [username, index]))
  const staffNames = STAFF.filter((staff) => staff.enabled !== false && staff.username !== 'readonly').map(
    (staff) => staff.username,
  )
  const pickStaff = () => rng.weighted(JOB_STAFF)
  let stage: 'firms' | 'closing' | 'workload' | 'done' = 'firms'

  function forFirm(firm: FirmInfo, policies: readonly PolicyRef[]): NoteRows {
    if (stage !== 'firms') throw new Error('Firm notes come before the bulletins')
    const rows: (typeof notes.$inferInsert)[] = []
    const recipients: (typeof noteRecipients.$inferInsert)[] = []
    const readers: (typeof noteReaders.$inferInsert)[] = []
    const logs: (typeof tranlogs.$inferInsert)[] = []
    const count = rng.int(...NOTES_PER_FIRM)
    const ages = Array.from({ length: count }, () => (rng.chance(0.2) ? rng.int(1, 45) : rng.int(46, 730))).sort(
      (a, b) => b - a,
    )
    const firmNids: { nid: number; re: string }[] = []
    const owner = staffNames.includes(firm.producer) && rng.chance(0.5) ? firm.producer : pickStaff()
    for (const age of ages) {
      const nid = nextNid()
      const copyOf = firmNids.length > 0 && rng.chance(0.03) ? rng.pick(firmNids) : null
      // A copied note starts as a memo (spec 2 §4).
      const type = copyOf ? 'memo' : rng.weighted(FIRM_NOTE_TYPES)
      const status = rng.weighted(age > 45 ? OLD_STATUSES : RECENT_STATUSES)
      const closed = status === 'done' || status === 'cancel'
      const stamp = at(addDays(ctx.today, -age), rng.int(13, 22), rng.int(0, 59))
      // Changes happen after the note was written and before the reference time.
      const room = Math.floor((ctx.now.getTime() - stamp.getTime()) / 60_000) - 1
      const cstamp = addMinutes(stamp, closed ? rng.int(Math.min(5, room), Math.min(room, 20_000)) : rng.int(0, room))
      const staff = rng.chance(0.7) ? owner : pickStaff()
      const opener = rng.chance(0.6) ? staff : pickStaff()
      const person = firm.people.length > 0 && rng.chance(0.7) ? rng.pick(firm.people) : null
      const policy = rng.chance(0.3) ? pickPolicy(rng, policies) : null
      const re = copyOf ? `Copy of: ${copyOf.re}` : subject(rng, type, policy)
      const html = (type === 'memo' || type === 'email out' || type === 'note') && rng.chance(0.15)
      const isEmail = type.startsWith('email')
      const tookFrom = !closed && staff !== opener && rng.chance(0.5)
      rows.push({
        nid,
        stamp,
        ostamp: rng.chance(0.7)
          ? addMinutes(stamp, rng.int(0, Math.max(1, Math.floor((cstamp.getTime() - stamp.getTime()) / 60_000))))
          : null,
        cstamp,
        fid: firm.fid,
        pid: policy?.pid ?? null,
        plid: person?.plid ?? null,
        direct: person ? (isEmail ? person.email : person.phone) : null,
        type,
        status,
        opener,
        closer: closed ? staff : tookFrom ? opener : null,
        signer: type.endsWith(' out') || type === 'email failed' ? staff : null,
        staff,
        dated: type === 'ltr in' ? addMinutes(stamp, -rng.int(1, 4) * 1440) : stamp,
        due: closed
          ? rng.chance(0.1)
            ? addDays(ctx.today, -age + rng.int(1, 14))
            : null
          : rng.chance(0.6)
            ? addDays(ctx.today, rng.int(-20, 30))
            : null,
        re,
        note: noteBody(rng, type, firm, person, html),
        frid: copyOf?.nid ?? null,
        taken: !closed && rng.chance(0.15) ? cstamp : null,
        tasks: tasks(rng, stamp, cstamp, opener, staff, status, tookFrom),
        html,
        to: (type === 'email out' || type === 'email failed') && person?.email ? person.email : null,
      })
      firmNids.push({ nid, re })

      if (isEmail && person?.email) {
        recipients.push({ nid, plid: person.plid, to: true })
        const others = firm.people.filter((other) => other.plid !== person.plid && other.email)
        if (others.length > 0 && rng.chance(0.4)) recipients.push({ nid, plid: rng.pick(others).plid, cc: true })
      }
      if (type === 'email out') {
        emailNotes.nid.push(nid)
        emailNotes.fid.push(firm.fid)
      }
      const worker = jobStaffIndex.get(staff)
      if (worker !== undefined && !isClosed(status) && !BULLETIN_TYPES.includes(type)) {
        openJobs.staff.push(worker)
        openJobs.cstamp.push(cstamp.getTime())
        openJobs.nid.push(nid)
      }
      const channel = type.startsWith('fax') ? 'fax' : isEmail ? 'email' : type === 'retry' ? 'email' : null
      if (channel && (type.endsWith(' out') || type.endsWith('failed') || type === 'retry')) {
        const failed = type.endsWith('failed')
        const queued = addMinutes(stamp, rng.int(0, 5))
        const pending = type === 'retry' && !closed
        logs.push({
          id: nextTranlog(),
          nid,
          type: channel,
          status: failed ? 'failed' : pending ? 'queued' : 'sent',
          queued,
          sent: failed || pending ? null : addMinutes(queued, 1),
          note: failed
            ? channel === 'fax'
              ? 'No answer after 3 attempts'
              : '550 5.1.1 Recipient address rejected'
            : `To: ${person?.email ?? person?.phone ?? 'office'}`,
          createdBy: staff,
          createdAt: queued,
        })
      }
      if (rng.chance(0.3)) {
        for (const uname of rng.sample(staffNames, rng.int(1, 2))) {
          // Reads recorded "later" than today would look odd; clamp them to the reference time.
          const stamp = addMinutes(cstamp, rng.int(1, 600))
          readers.push({ nid, uname, readers_stamp: stamp > ctx.now ? ctx.now : stamp })
        }
      }
    }
    return { notes: rows, noteRecipients: recipients, noteReaders: readers, tranlogs: logs }
  }

  function bulletins(firms: FirmDirectory): NoteRows {
    if (stage !== 'firms') throw new Error('The bulletins come once, after the firms')
    stage = 'closing'
    const rows: (typeof notes.$inferInsert)[] = []
    generateBulletins(ctx, rng, rows, nextNid, pickStaff, firms)
    return { notes: rows, noteRecipients: [], noteReaders: [], tranlogs: [] }
  }

  function* closeOldJobs(): Generator<JobClosure[]> {
    if (stage !== 'closing') throw new Error('Jobs are closed once, after the bulletins')
    let batch: JobClosure[] = []
    for (const closure of shapeJobQueues(ctx, workRng, openJobs)) {
      batch.push(closure)
      if (batch.length === CLOSURES_PER_BATCH) {
        yield batch
        batch = []
      }
    }
    if (batch.length > 0) yield batch
    stage = 'workload'
  }

  function workload(firms: FirmDirectory): NoteRows {
    if (stage !== 'workload') throw new Error('The workload comes once, after the old jobs are closed')
    stage = 'done'
    // Added later than the rest: it draws from its own generator and appends rows after the ones
    // above, so their ids and contents stay as they were.
    const work: Workload = { ctx, rng: workRng, rows: [], recipients: [], logs: [], nextNid, nextTranlog, firms }
    generateQueueCoverage(work)
    generateUnassignedPool(work)
    generateDemoBulletins(work)
    return { notes: work.rows, noteRecipients: work.recipients, noteReaders: [], tranlogs: work.logs }
  }

  return { forFirm, bulletins, closeOldJobs, workload, emailNotes }
}

/** rng.pick over firm positions: the same draw picks the same firm as over the firms themselves. */
function pickFirm(rng: Rng, firms: FirmDirectory, positions?: Int32Array): FirmInfo {
  const length = positions ? positions.length : firms.count
  if (length === 0) throw new Error('pick from an empty list')
  const pick = rng.int(0, length - 1)
  return firms.firm(positions ? positions[pick] : pick)
}

/**
 * News, events and appointments for the home tiles. Upcoming events and appointments carry their
 * date in dated and due, and cstamp is the event time too (the legacy API's "future cstamp").
 */
function generateBulletins(
  ctx: SeedContext,
  rng: Rng,
  rows: (typeof notes.$inferInsert)[],
  nextNid: () => number,
  pickStaff: () => string,
  firms: FirmDirectory,
) {
  const news = [
    'Office closed Monday for the holiday',
    'New Lloyds binder in force',
    'Renewal season starts next month',
    'Updated FPL application form',
    'Reminder: submit hours by Friday',
    'Texas stamping fee changed',
    'New claims handler on the team',
    'Carrier rate filing approved',
  ]
  for (let i = 0; i < ctx.count(15); i++) {
    const stamp = at(addDays(ctx.today, -rng.int(1, 30)), rng.int(13, 20))
    rows.push({
      nid: nextNid(),
      stamp,
      cstamp: stamp,
      dated: stamp,
      type: 'news',
      status: rng.weighted<NoteStatus>([
        ['normal', 55],
        ['urgent', 20],
        ['xtreme', 10],
        ['done', 15],
      ]),
      opener: 'admin',
      staff: i % 3 === 0 ? 'admin' : pickStaff(),
      re: rng.pick(news),
      note: 'See the shared drive for details. Questions to the office manager.',
    })
  }
  const events = [
    'Staff meeting',
    'CLE webinar: cyber risks for law firms',
    'Carrier visit: Lloyds',
    'Quarter close',
    'Underwriting committee',
    'Holiday party',
  ]
  for (let i = 0; i < ctx.count(20); i++) {
    const upcoming = i % 2 === 0
    const day = upcoming ? nextWorkday(addDays(ctx.today, rng.int(0, 60))) : addDays(ctx.today, -rng.int(1, 60))
    const when = at(day, rng.int(14, 21))
    rows.push({
      nid: nextNid(),
      stamp: at(addDays(day, -rng.int(7, 30)), 15),
      cstamp: when,
      dated: when,
      due: day,
      type: 'event',
      status: upcoming ? 'normal' : 'done',
      opener: 'admin',
      staff: 'admin',
      re: rng.pick(events),
      note: 'Conference room B and the video link in the invitation.',
    })
  }
  for (let i = 0; i < ctx.count(30); i++) {
    const firm = pickFirm(rng, firms)
    const upcoming = rng.chance(0.7)
    const day = upcoming ? nextWorkday(addDays(ctx.today, rng.int(0, 30))) : addDays(ctx.today, -rng.int(1, 30))
    const when = at(day, rng.int(14, 22), rng.pick([0, 30]))
    const staff = pickStaff()
    rows.push({
      nid: nextNid(),
      stamp: at(addDays(day, -rng.int(3, 20)), 16),
      cstamp: when,
      dated: when,
      due: day,
      fid: firm.fid,
      plid: firm.people[0]?.plid ?? null,
      type: 'appt',
      status: upcoming ? 'normal' : 'done',
      opener: staff,
      staff,
      // The firm is the tile's Firm column (a link), so the subject does not repeat it.
      re: rng.pick(['Renewal meeting', 'Coverage review', 'Office visit']),
      note: `Meet at the insured's office: ${firm.sort}.`,
    })
  }
}

/** Meetings fall on working days: a Saturday or Sunday moves to the Monday after. */
function nextWorkday(iso: string): string {
  let day = iso
  while (!isWeekday(day)) day = addDays(day, 1)
  return day
}

function pickPolicy(rng: Rng, policies: readonly PolicyRef[]): PolicyRef | null {
  return policies && policies.length > 0 ? rng.pick(policies) : null
}

function subject(rng: Rng, type: NoteType, policy: PolicyRef | null): string {
  if (rng.chance(0.05)) return 'NEW NOTE'
  const base = rng.pick(SUBJECTS[type] ?? ['Follow Up', 'Renewal Application', 'Quote Request', 'Payment Reminder'])
  return policy ? `${base} - ${policy.type} ${policy.incept.slice(0, 4)}` : base
}

function noteBody(rng: Rng, type: NoteType, firm: FirmInfo, person: PersonInfo | null, html: boolean): string {
  const who = person ? `${person.given} ${person.surname}` : 'the office'
  const lines = [
    type.startsWith('tel')
      ? `Spoke with ${who}.`
      : type.startsWith('email')
        ? `Email with ${who}.`
        : type.startsWith('fax') || type.startsWith('ltr')
          ? `Document exchanged with ${who}.`
          : `Note on ${firm.sort}.`,
    rng.pick([
      'Renewal application due 30 days before expiry.',
      'Asked for higher limits; will quote 2M/4M as an option.',
      'Payment expected by the end of the week.',
      'Needs a certificate for a new lease.',
      'Added two associates; update the members list.',
      'Prior carrier loss runs requested.',
      'No changes in practice areas this year.',
    ]),
    rng.pick(['Will follow up next week.', 'Nothing further needed.', 'Diary for 14 days.', 'Sent to underwriting.']),
  ]
  if (!html) return lines.join('\n')
  return `<p>${lines[0]}</p><ul><li>${lines[1]}</li><li>${lines[2]}</li></ul>`
}

/** The task log, newest line first: "YYYY-MM-DD HH:MM user: text". */
function tasks(
  rng: Rng,
  stamp: Date,
  cstamp: Date,
  opener: string,
  staff: string,
  status: NoteStatus,
  tookFrom: boolean,
): string | null {
  const lines: string[] = [`${TASK_STAMP(stamp)} ${opener}: created`]
  if (tookFrom) lines.push(`${TASK_STAMP(addMinutes(stamp, 30))} ${staff}: took from ${opener}`)
  else if (staff !== opener) lines.push(`${TASK_STAMP(addMinutes(stamp, 30))} ${opener}: gave to ${staff}`)
  if (status === 'done' || status === 'cancel') lines.push(`${TASK_STAMP(cstamp)} ${staff}: status ${status}`)
  return rng.chance(0.9) ? lines.reverse().join('\n') : null
}

// ── Job queues, the unassigned pool and the demo users' bulletins ──────────────────────────────────

interface Workload {
  ctx: SeedContext
  rng: Rng
  rows: (typeof notes.$inferInsert)[]
  recipients: (typeof noteRecipients.$inferInsert)[]
  logs: (typeof tranlogs.$inferInsert)[]
  nextNid: () => number
  nextTranlog: () => number
  firms: FirmDirectory
}

/** Types that are bulletins (home tiles), not firm work. */
const BULLETIN_TYPES: readonly NoteType[] = ['news', 'event', 'appt']

/**
 * How many open jobs of the firm history each worker keeps (scaled): the history leaves hundreds
 * open for the busiest, which no one works; the rest were finished. Weight as in JOB_STAFF.
 */
export function keptHistoryJobs(ctx: SeedContext, weight: number): number {
  return ctx.count(4 + 3 * weight)
}

/**
 * Trims each worker's open jobs from the firm history to a realistic queue: the most recent ones
 * plus the two oldest (the forgotten jobs every queue has); the others are marked done (a few
 * cancelled) at their last change, with the task-log line the app writes.
 */
function* shapeJobQueues(
  ctx: SeedContext,
  rng: Rng,
  openJobs: { staff: PackedList<Uint8Array>; cstamp: PackedList<Float64Array>; nid: PackedList<Int32Array> },
): Generator<JobClosure> {
  const byWorker: number[][] = JOB_STAFF.map(() => [])
  for (let job = 0; job < openJobs.nid.length; job++) byWorker[openJobs.staff.get(job)].push(job)
  for (const [worker, [username, weight]] of JOB_STAFF.entries()) {
    // Newest change first, then the highest id, as the queue shows them.
    const open = byWorker[worker].sort(
      (a, b) => openJobs.cstamp.get(b) - openJobs.cstamp.get(a) || openJobs.nid.get(b) - openJobs.nid.get(a),
    )
    byWorker[worker] = []
    const keep = keptHistoryJobs(ctx, weight)
    if (open.length <= keep) continue
    const oldest = Math.min(2, Math.max(0, keep - 1))
    for (let rank = keep - oldest; rank < open.length - oldest; rank++) {
      const job = open[rank]
      const status = rng.chance(0.9) ? 'done' : 'cancel'
      yield {
        nid: openJobs.nid.get(job),
        status,
        closer: username,
        line: taskLine(new Date(openJobs.cstamp.get(job)), username, `status ${status}`),
      }
    }
  }
}

/** A closed job's row as closeOldJobs leaves it (for data generated in memory). */
export function closeJob(row: typeof notes.$inferInsert, closure: JobClosure) {
  row.status = closure.status
  row.closer = closure.closer
  row.taken = null
  if (row.tasks) row.tasks = prependTask(row.tasks, closure.line)
}

type QueueKind = 'tickler' | 'retry' | 'solicit' | 'other'

/**
 * Every worker's queue holds every open status and every job kind (docs/decisions/0006-job-kinds.md):
 * ticklers are due today or earlier, retries are failed or pending sends, solicit is work on a
 * Prospect firm, others none of those.
 */
const QUEUE_COVERAGE: readonly { status: NoteStatus; type: NoteType; kinds: readonly QueueKind[]; re: string }[] = [
  { status: 'xtreme', type: 'tel in', kinds: ['tickler'], re: 'Reported potential claim - call back today' },
  { status: 'urgent', type: 'email failed', kinds: ['retry'], re: 'Premium Invoice' },
  { status: 'check', type: 'memo', kinds: ['solicit'], re: 'Prospect: check application before quoting' },
  { status: 'hold', type: 'retry', kinds: ['retry'], re: 'Resend quote' },
  { status: 'low', type: 'ltr out', kinds: ['other'], re: 'Renewal notice' },
  { status: 'normal', type: 'email out', kinds: ['other'], re: 'Renewal Application' },
  { status: 'archive', type: 'note', kinds: ['other'], re: 'Keep for the file: prior carrier loss runs' },
  { status: 'urgent', type: 'fax failed', kinds: ['tickler', 'retry'], re: 'Binder' },
  { status: 'normal', type: 'tel out', kinds: ['solicit', 'tickler'], re: 'Follow up on application' },
]

function generateQueueCoverage(work: Workload) {
  const { ctx, rng, rows, recipients, logs, nextNid, nextTranlog, firms } = work
  const prospects = firms.positions('prospects')
  const others = firms.positions('others')
  const withEmail = firms.positions('others with email')
  const colleagues = JOB_STAFF.map(([username]) => username)
  for (const [username] of JOB_STAFF) {
    for (const template of QUEUE_COVERAGE) {
      const { status, type, kinds } = template
      const email = type === 'email out' || type === 'email failed'
      const firm = pickFirm(rng, firms, kinds.includes('solicit') ? prospects : email ? withEmail : others)
      const person = email
        ? rng.pick(firm.people.filter((p) => p.email))
        : firm.people.length > 0
          ? rng.pick(firm.people)
          : null
      const age = rng.int(1, 25)
      const stamp = at(addDays(ctx.today, -age), rng.int(13, 21), rng.int(0, 59))
      const cstamp = addMinutes(stamp, rng.int(5, (age - 1) * 1440 + 120))
      const opener = rng.chance(0.75) ? username : rng.pick(colleagues.filter((name) => name !== username))
      // A tickler has come up (due today or earlier); other jobs are due later or not at all.
      const due = kinds.includes('tickler')
        ? addDays(ctx.today, -rng.int(0, 5))
        : rng.chance(0.5)
          ? addDays(ctx.today, rng.int(3, 30))
          : null
      const nid = nextNid()
      let tasks = taskLine(stamp, opener, 'created')
      if (opener !== username)
        tasks = prependTask(tasks, taskLine(addMinutes(stamp, 30), opener, `gave to ${username}`))
      rows.push({
        nid,
        stamp,
        ostamp: cstamp,
        cstamp,
        fid: firm.fid,
        plid: person?.plid ?? null,
        direct: person ? (email ? person.email : person.phone) : null,
        type,
        status,
        opener,
        closer: opener !== username ? opener : null,
        signer: type.endsWith(' out') || email ? username : null,
        staff: username,
        dated: stamp,
        due,
        re: template.re,
        note: noteBody(rng, type, firm, person, false),
        tasks,
        html: false,
        to: email ? person!.email : null,
      })
      if (email) recipients.push({ nid, plid: person!.plid, to: true })
      const channel = type.startsWith('fax') ? 'fax' : email || type === 'retry' ? 'email' : null
      if (channel && type !== 'email out') {
        const queued = addMinutes(stamp, rng.int(0, 5))
        const failed = type.endsWith('failed')
        logs.push({
          id: nextTranlog(),
          nid,
          type: channel,
          status: failed ? 'failed' : 'queued',
          queued,
          note: failed
            ? channel === 'fax'
              ? 'No answer after 3 attempts'
              : '550 5.1.1 Recipient address rejected'
            : `To: ${person?.email ?? 'office'}`,
          createdBy: username,
          createdAt: queued,
        })
      }
    }
  }
}

const POOL_SIZE = 30
const POOL_TYPES: readonly (readonly [NoteType, number])[] = [
  ['tel in', 6],
  ['msg in', 5],
  ['web in', 3],
  ['email in', 3],
  ['memo', 3],
  ['ltr in', 2],
  ['note', 2],
  ['fax in', 1],
]
const POOL_STATUSES: readonly (readonly [NoteStatus, number])[] = [
  ['normal', 12],
  ['urgent', 5],
  ['xtreme', 2],
  ['check', 3],
  ['low', 3],
  ['hold', 2],
  ['archive', 1],
]
const POOL_SUBJECTS: Partial<Record<NoteType, readonly string[]>> = {
  'tel in': [
    'Caller wants a quote',
    'Asked for certificate of insurance',
    'Question on deductible',
    'Reported potential claim',
  ],
  'msg in': ['Please call back re: renewal', 'Left message about payment', 'Wants to add an attorney'],
  memo: ['Review renewal file', 'Set up new account'],
  note: ['Check loss runs received'],
}

/**
 * The unassigned pool Next Job hands out: open notes for nobody (staff NULL) on various firms,
 * taken by the front desk or come in by web, email, letter or fax.
 */
function generateUnassignedPool({ ctx, rng, rows, nextNid, firms }: Workload) {
  const count = ctx.count(POOL_SIZE)
  for (let i = 0; i < count; i++) {
    const firm = pickFirm(rng, firms)
    const type = rng.weighted(POOL_TYPES)
    // The first ones are the pressing ones, so even a small data set has them.
    const status: NoteStatus = i === 0 ? 'xtreme' : i === 1 ? 'urgent' : rng.weighted(POOL_STATUSES)
    const person = firm.people.length > 0 && rng.chance(0.8) ? rng.pick(firm.people) : null
    const stamp = at(addDays(ctx.today, -rng.int(1, 14)), rng.int(13, 21), rng.int(0, 59))
    const cstamp = addMinutes(stamp, rng.int(0, 600))
    const opener =
      type === 'tel in' || type === 'msg in'
        ? 'frontdesk'
        : type === 'memo' || type === 'note'
          ? rng.pick(JOB_STAFF)[0]
          : null
    rows.push({
      nid: nextNid(),
      stamp,
      cstamp: cstamp > ctx.now ? stamp : cstamp,
      fid: firm.fid,
      plid: person?.plid ?? null,
      direct: person ? (type === 'email in' ? person.email : person.phone) : null,
      type,
      status,
      opener,
      staff: null,
      dated: stamp,
      due: i === 2 || rng.chance(0.35) ? addDays(ctx.today, rng.int(-5, 20)) : null,
      re: rng.pick(POOL_SUBJECTS[type] ?? SUBJECTS[type] ?? ['Follow Up']),
      note: noteBody(rng, type, firm, person, false),
      tasks: taskLine(stamp, opener ?? 'system', 'created'),
      html: false,
    })
  }
}

/**
 * News, events and appointments for each worker: news assigned to them (open and done), news coming
 * up (dated and cstamp ahead, as the legacy "future cstamp" reads them), an event and two
 * appointments each in the coming weeks.
 */
function generateDemoBulletins({ ctx, rng, rows, nextNid, firms }: Workload) {
  const openNews: readonly NoteStatus[] = ['urgent', 'normal', 'xtreme']
  const headlines = [
    'New application form for accountants E&O',
    'Carrier appetite update: real estate agents',
    'Quarterly production numbers are in',
    'Reminder: certificates need the new endorsement wording',
    'Lloyds binder renewal signed',
    'New surplus lines filing deadline in Texas',
  ]
  JOB_STAFF.forEach(([username], index) => {
    for (const status of [openNews[index % openNews.length], 'done' as const]) {
      const closed = status === 'done'
      const stamp = at(addDays(ctx.today, closed ? -rng.int(8, 40) : -rng.int(1, 7)), rng.int(13, 20), rng.int(0, 59))
      rows.push({
        nid: nextNid(),
        stamp,
        cstamp: stamp,
        dated: stamp,
        type: 'news',
        status,
        opener: 'admin',
        closer: closed ? username : null,
        staff: username,
        re: rng.pick(headlines),
        note: 'Details on the shared drive. Questions to the office manager.',
        tasks: taskLine(stamp, 'admin', `created for ${username}`),
      })
    }
  })
  const upcoming: readonly { re: string; status: NoteStatus; inDays: number; staff: string }[] = [
    { re: 'Carrier portal down for maintenance Friday evening', status: 'xtreme', inDays: 2, staff: 'admin' },
    { re: 'Office closed Monday for the holiday', status: 'urgent', inDays: 5, staff: 'admin' },
    { re: 'Renewal season kickoff meeting', status: 'normal', inDays: 9, staff: 'underwriter' },
    { re: 'New rating tool training for underwriters', status: 'normal', inDays: 12, staff: 'mkent' },
  ]
  for (const item of upcoming) {
    const when = at(addDays(ctx.today, item.inDays), 15)
    rows.push({
      nid: nextNid(),
      stamp: at(addDays(ctx.today, -rng.int(1, 5)), 14),
      cstamp: when,
      dated: when,
      due: addDays(ctx.today, item.inDays),
      type: 'news',
      status: item.status,
      opener: 'admin',
      staff: item.staff,
      re: item.re,
      note: 'See the calendar invitation for details.',
    })
  }

  const events = [
    'CE course: ethics for insurance professionals',
    'Carrier training: Lloyds portal',
    'Performance review',
    'Claims roundtable',
    'Producer lunch',
  ]
  const visits = ['Renewal meeting', 'Coverage review', 'Office visit', 'Claims review']
  for (const [username] of JOB_STAFF) {
    const day = nextWorkday(addDays(ctx.today, rng.int(1, 40)))
    const when = at(day, rng.int(14, 21))
    rows.push({
      nid: nextNid(),
      stamp: at(addDays(ctx.today, -rng.int(1, 14)), 15),
      cstamp: when,
      dated: when,
      due: day,
      type: 'event',
      status: 'normal',
      opener: 'admin',
      staff: username,
      re: rng.pick(events),
      note: 'Calendar invitation sent.',
    })
    for (let i = 0; i < 2; i++) {
      const firm = pickFirm(rng, firms)
      const apptDay = nextWorkday(addDays(ctx.today, i === 0 ? rng.int(0, 7) : rng.int(8, 40)))
      const apptWhen = at(apptDay, rng.int(14, 22), rng.pick([0, 30]))
      rows.push({
        nid: nextNid(),
        stamp: at(addDays(ctx.today, -rng.int(1, 14)), 16),
        cstamp: apptWhen,
        dated: apptWhen,
        due: apptDay,
        fid: firm.fid,
        plid: firm.people[0]?.plid ?? null,
        type: 'appt',
        status: 'normal',
        opener: username,
        staff: username,
        re: rng.pick(visits),
        note: `Meet at the insured's office: ${firm.sort}.`,
      })
    }
  }
}
