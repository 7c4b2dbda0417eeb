import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, ledgers, policies } from '#app/db/schema'
import { ConflictError, InvalidError, NotFoundError } from '#app/domain/errors'
import type { LedgerPost, LedgerSearch } from '#app/schemas/ledgers'
import { recordChange } from './change-log.server'
import { pageOf, totalColumn } from './paging.server'

/**
 * A policy's ledger (spec 3 §3 Ledger entry; the `/api/ledgers` calls of §7): read on the policy
 * screens, written through the API. Every write is one transaction with its change-log rows.
 */

export const LEDGER_MESSAGES = {
  notFound: 'No such ledger entry.',
  noPolicy: 'Failed to get Policy',
  conflict: 'This ledger entry was changed by someone else. Review the current entry and apply your change again.',
} as const

export interface LedgerEntry {
  lid: number
  pid: number
  cid: number | null
  contact: string | null
  type: string
  acct: string
  num: string | null
  amt: string
  due: string | null
  paid: string | null
  dep: string | null
  note: string | null
}

/** A ledger entry's columns, with its contact's sort name. */
const entryFields = {
  lid: ledgers.lid,
  pid: ledgers.pid,
  cid: ledgers.cid,
  contact: contacts.sort,
  type: ledgers.type,
  acct: ledgers.acct,
  num: ledgers.num,
  amt: ledgers.amt,
  due: ledgers.due,
  paid: ledgers.paid,
  dep: ledgers.dep,
  note: ledgers.note,
}

/** Entries with their contact (for its sort name): `query` selects from ledgers, as `$dynamic()`. */
function withContact<T extends PgSelect>(query: T) {
  return query.leftJoin(contacts, eq(contacts.cid, ledgers.cid))
}

/** A policy's entries by due date; a policy has a handful, capped all the same. */
export async function policyLedger(db: DbOrTx, pid: number, limit = 200): Promise<LedgerEntry[]> {
  return withContact(db.select(entryFields).from(ledgers).$dynamic())
    .where(eq(ledgers.pid, pid))
    .orderBy(asc(ledgers.due), asc(ledgers.lid))
    .limit(limit)
}

const entryColumns = { ...entryFields, version: ledgers.version }

export type LedgerRecord = LedgerEntry & { version: number }

export async function getLedgerEntry(db: DbOrTx, lid: number): Promise<LedgerRecord | null> {
  const [row] = await withContact(db.select(entryColumns).from(ledgers).$dynamic()).where(eq(ledgers.lid, lid))
  return row ?? null
}

export async function requireLedgerEntry(db: DbOrTx, lid: number): Promise<LedgerRecord> {
  const row = await getLedgerEntry(db, lid)
  if (!row) throw new NotFoundError(LEDGER_MESSAGES.notFound)
  return row
}

/** The changes a PUT may make to one entry (pid stays with the entry). */
export type LedgerChanges = Partial<Omit<LedgerPost, 'pid'>>

async function requireContact(tx: DbOrTx, cid: number | null | undefined) {
  if (cid === null || cid === undefined) return
  const [row] = await tx.select({ cid: contacts.cid }).from(contacts).where(eq(contacts.cid, cid))
  if (!row) throw new InvalidError(`cid: no contact ${cid}`, { field: 'cid' })
}

/** POST /api/ledgers: a new entry on an existing policy, logged. */
export async function createLedger(db: DbOrTx, input: LedgerPost, userId: number | null): Promise<LedgerRecord> {
  return db.transaction(async (tx) => {
    const [policy] = await tx
      .select({ pid: policies.pid })
      .from(policies)
      .where(eq(policies.pid, input.pid))
      .for('share')
    if (!policy) throw new NotFoundError(LEDGER_MESSAGES.noPolicy)
    await requireContact(tx, input.cid)
    const [created] = await tx
      .insert(ledgers)
      .values({ ...input, cid: input.cid ?? null })
      .returning({ lid: ledgers.lid })
    const entry = await requireLedgerEntry(tx, created.lid)
    await recordChange(tx, { userId, entity: 'ledger', entityId: entry.lid, action: 'create', after: entry })
    return entry
  })
}

/** Writes one entry's changes under its row lock; `version` (when given) must be the one read. */
async function writeEntry(
  tx: DbOrTx,
  lid: number,
  version: number | undefined,
  changes: LedgerChanges,
  userId: number | null,
): Promise<LedgerRecord> {
  const [locked] = await tx.select({ lid: ledgers.lid }).from(ledgers).where(eq(ledgers.lid, lid)).for('update')
  if (!locked) throw new NotFoundError(`${LEDGER_MESSAGES.notFound} (${lid})`)
  const before = await requireLedgerEntry(tx, lid)
  if (version !== undefined && before.version !== version) throw new ConflictError(before, LEDGER_MESSAGES.conflict)
  await requireContact(tx, changes.cid)
  await tx
    .update(ledgers)
    .set({ ...changes, version: sql`${ledgers.version} + 1` })
    .where(eq(ledgers.lid, lid))
  const after = await requireLedgerEntry(tx, lid)
  await recordChange(tx, { userId, entity: 'ledger', entityId: lid, action: 'update', before, after })
  return after
}

/** PUT /api/ledgers/{id}: one entry, at the version read. */
export async function updateLedger(
  db: DbOrTx,
  lid: number,
  version: number,
  changes: LedgerChanges,
  userId: number | null,
): Promise<LedgerRecord> {
  return db.transaction((tx) => writeEntry(tx, lid, version, changes, userId))
}

/** PUT /api/ledgers with an array: every entry at its version read, all or none. */
export async function updateLedgers(
  db: DbOrTx,
  entries: readonly (LedgerChanges & { lid: number; version: number })[],
  userId: number | null,
): Promise<LedgerRecord[]> {
  const lids = entries.map((entry) => entry.lid)
  if (new Set(lids).size !== lids.length) throw new InvalidError('Each entry may appear once.')
  return db.transaction(async (tx) => {
    const saved: LedgerRecord[] = []
    // In lid order, so two batches over the same entries cannot deadlock.
    for (const { lid, version, ...changes } of [...entries].sort((a, b) => a.lid - b.lid))
      saved.push(await writeEntry(tx, lid, version, changes, userId))
    return saved
  })
}

/** PUT /api/ledgers?pid=: the same changes to every entry of one policy, each logged. */
export async function updatePolicyLedgers(
  db: DbOrTx,
  pid: number,
  changes: LedgerChanges,
  userId: number | null,
): Promise<LedgerRecord[]> {
  return db.transaction(async (tx) => {
    const [policy] = await tx.select({ pid: policies.pid }).from(policies).where(eq(policies.pid, pid)).for('share')
    if (!policy) throw new NotFoundError(LEDGER_MESSAGES.noPolicy)
    const rows = await tx
      .select({ lid: ledgers.lid })
      .from(ledgers)
      .where(eq(ledgers.pid, pid))
      .orderBy(asc(ledgers.lid))
      .limit(1000)
    const saved: LedgerRecord[] = []
    for (const { lid } of rows) saved.push(await writeEntry(tx, lid, undefined, changes, userId))
    return saved
  })
}

/** GET /api/ledgers/search: entries by policy, firm, payee, type, account, number, due dates and paid, a page at a time. */
export async function searchLedgers(db: DbOrTx, query: LedgerSearch) {
  const where: SQL[] = []
  if (query.pid !== undefined) where.push(eq(ledgers.pid, query.pid))
  if (query.fid !== undefined)
    where.push(inArray(ledgers.pid, db.select({ pid: policies.pid }).from(policies).where(eq(policies.fid, query.fid))))
  if (query.cid !== undefined) where.push(eq(ledgers.cid, query.cid))
  if (query.type) where.push(eq(ledgers.type, query.type))
  if (query.acct) where.push(eq(ledgers.acct, query.acct))
  if (query.num) where.push(eq(ledgers.num, query.num))
  if (query.dueFrom) where.push(gte(ledgers.due, query.dueFrom))
  if (query.dueTo) where.push(lte(ledgers.due, query.dueTo))
  if (query.paid === 'yes') where.push(isNotNull(ledgers.paid))
  if (query.paid === 'no') where.push(isNull(ledgers.paid))
  const page = await pageOf(
    ({ limit, offset }) =>
      withContact(
        db
          .select({ ...entryColumns, __total: totalColumn() })
          .from(ledgers)
          .$dynamic(),
      )
        .where(and(...where))
        .orderBy(asc(ledgers.due), asc(ledgers.lid))
        .limit(limit)
        .offset(offset),
    { page: query.page, size: query.perPage },
  )
  return { result: page.rows, count: page.total, totalPages: page.pages, page: page.page }
}
