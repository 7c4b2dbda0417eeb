import type { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../schema'
import { generateClaims } from './claims'
import { idSequence, type SeedContext } from './context'
import { FirmDirectory, generateContacts } from './directory'
import { generateFiles } from './files.server'
import { generateLists } from './lists'
import { closeJob, createNoteBook, NOTE_ID_BASE, type JobClosure, type NoteRows } from './notes'
import { createPolicyBook, type PolicyRows } from './policies'
import { generateRates } from './rates'
import { generateStaff } from './staff'

/** What the demo data generator hands out, in an order the foreign keys accept. */
export type SeedBatch =
  | { kind: 'rows'; table: PgTable; rows: readonly object[] }
  /** Changes to notes already handed out: old open jobs the queues shed (see closeOldJobs). */
  | { kind: 'close jobs'; closures: readonly JobClosure[] }
  /** A domain is complete (for progress messages). */
  | { kind: 'step'; name: string }

/** Firms written between two hand-outs: a few thousand rows of each kind at a time. */
const FIRMS_PER_BATCH = 500

function rows<T extends PgTable>(table: T, list: readonly T['$inferInsert'][]): SeedBatch {
  return { kind: 'rows', table, rows: list }
}

/**
 * Every row of the demo data, a batch at a time, without a database: memory holds one batch and a few
 * bytes per firm, policy and note (to pick them at random later), whatever the scale. Each domain draws
 * from its own fork of the seeded generator in the order it always did, so the rows are the same as
 * when the whole data set was built in memory. Firms and policies are written first; the notes walk
 * the firms again (replayed, see FirmDirectory) because a firm's notes may cite a policy that is only
 * added after the last firm (a status no firm got).
 */
export function* generateDemoData(ctx: SeedContext, passwordHashes: ReadonlyMap<string, string>): Generator<SeedBatch> {
  const staff = generateStaff(ctx, passwordHashes)
  yield rows(schema.users, staff.users)
  yield rows(schema.authGroups, staff.authGroups)
  yield rows(schema.scopes, staff.scopes)
  yield rows(schema.authGroupUsers, staff.authGroupUsers)
  yield rows(schema.authGroupScopes, staff.authGroupScopes)
  yield rows(schema.userAcls, staff.userAcls)
  yield rows(schema.userSessions, staff.userSessions)
  yield rows(schema.sessionNotes, staff.sessionNotes)
  yield { kind: 'step', name: 'staff' }

  const lists = generateLists()
  yield rows(schema.listTypes, lists.listTypes)
  yield rows(schema.listItems, lists.listItems)

  const directoryRng = ctx.rng.fork('directory')
  const nextPlid = idSequence(20_001)
  const contacts = generateContacts(ctx, directoryRng, nextPlid)
  const firms = new FirmDirectory(ctx, directoryRng, nextPlid())
  yield rows(schema.contacts, contacts.contacts)
  yield rows(schema.people, contacts.people)

  const rates = generateRates(contacts, lists)
  yield rows(schema.taxRates, rates.taxRates)
  yield rows(schema.commissionRules, rates.commissionRules)
  yield rows(schema.mgaBilling, rates.mgaBilling)
  yield rows(schema.producerCommissions, rates.producerCommissions)
  yield { kind: 'step', name: 'lists and rates' }

  const book = createPolicyBook(ctx, contacts, rates)
  yield rows(schema.programs, book.programs)
  yield rows(schema.contracts, book.contracts)
  let firmRows: (typeof schema.firms.$inferInsert)[] = []
  let peopleRows: (typeof schema.people.$inferInsert)[] = []
  let underwriting: PolicyRows = { policies: [], ledgers: [] }
  const flushFirms = function* (): Generator<SeedBatch> {
    yield rows(schema.firms, firmRows)
    yield rows(schema.people, peopleRows)
    yield* policyRows(underwriting)
    firmRows = []
    peopleRows = []
    underwriting = { policies: [], ledgers: [] }
  }
  for (let index = 0; index < firms.count; index++) {
    const written = firms.next()
    firmRows.push(written.firm)
    peopleRows.push(...written.people)
    const policies = book.forFirm(written.info, index)
    underwriting.policies.push(...policies.policies)
    underwriting.ledgers.push(...policies.ledgers)
    if (firmRows.length === FIRMS_PER_BATCH) yield* flushFirms()
  }
  if (firmRows.length > 0) yield* flushFirms()
  yield* policyRows(book.completeStatuses(firms))
  yield { kind: 'step', name: 'firms and policies' }

  const notes = createNoteBook(ctx)
  let noteRows: NoteRows = emptyNotes()
  for (let index = 0; index < firms.count; index++) {
    const firmNotes = notes.forFirm(firms.firm(index), book.refs.ofFirm(index))
    noteRows.notes.push(...firmNotes.notes)
    noteRows.noteRecipients.push(...firmNotes.noteRecipients)
    noteRows.noteReaders.push(...firmNotes.noteReaders)
    noteRows.tranlogs.push(...firmNotes.tranlogs)
    if ((index + 1) % FIRMS_PER_BATCH === 0) {
      yield* notesRows(noteRows)
      noteRows = emptyNotes()
    }
  }
  yield* notesRows(noteRows)
  yield* notesRows(notes.bulletins(firms))
  for (const closures of notes.closeOldJobs()) yield { kind: 'close jobs', closures }
  yield* notesRows(notes.workload(firms))
  yield { kind: 'step', name: 'notes' }

  let claimCount = 0
  for (const claims of generateClaims(ctx, contacts, firms, book.refs)) {
    claimCount += claims.claims.length
    yield rows(schema.claims, claims.claims)
    yield rows(schema.claimLedger, claims.claimLedger)
  }
  yield { kind: 'step', name: 'claims' }

  for (const files of generateFiles(ctx, firms, notes.emailNotes, book.refs, claimCount)) {
    yield rows(schema.fileObjects, files.fileObjects)
    yield rows(schema.fileLinks, files.fileLinks)
  }
  yield { kind: 'step', name: 'files' }
}

function* policyRows(policies: PolicyRows): Generator<SeedBatch> {
  yield rows(schema.policies, policies.policies)
  yield rows(schema.ledgers, policies.ledgers)
}

function* notesRows(notes: NoteRows): Generator<SeedBatch> {
  yield rows(schema.notes, notes.notes)
  yield rows(schema.noteRecipients, notes.noteRecipients)
  yield rows(schema.noteReaders, notes.noteReaders)
  yield rows(schema.tranlogs, notes.tranlogs)
}

function emptyNotes(): NoteRows {
  return { notes: [], noteRecipients: [], noteReaders: [], tranlogs: [] }
}

/** The demo data held in memory, table by table (tests; small scales only). */
export interface DemoData {
  rows<T extends PgTable>(table: T): T['$inferInsert'][]
}

export function collectDemoData(ctx: SeedContext, passwordHashes: ReadonlyMap<string, string>): DemoData {
  const tables = new Map<PgTable, object[]>()
  for (const batch of generateDemoData(ctx, passwordHashes)) {
    if (batch.kind === 'rows') {
      const list = tables.get(batch.table) ?? []
      for (const row of batch.rows) list.push(row)
      tables.set(batch.table, list)
    } else if (batch.kind === 'close jobs') {
      const notes = (tables.get(schema.notes) ?? []) as (typeof schema.notes.$inferInsert)[]
      for (const closure of batch.closures) closeJob(notes[closure.nid - NOTE_ID_BASE], closure)
    }
  }
  return { rows: <T extends PgTable>(table: T) => (tables.get(table) ?? []) as T['$inferInsert'][] }
}
