import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, firms, ledgers, policies, programs } from '#app/db/schema'
import { StateConflictError } from '#app/domain/errors'
import { lockVersion, NotFoundError, recordChange, saveVersion, writeVersion } from './change-log.server'
import { anyContains } from './search-text.server'
import { pageOf, totalColumn } from './paging.server'
import {
  PRIOR_STATUSES,
  QUOTE_STATUSES,
  BOOKED_VIEW_STATUSES,
  POLICY_SORTS,
  type PolicyListQuery,
  type PolicySort,
} from '#app/domain/policies'

/**
 * Policies (spec 3 §2.4, §3, §4): a firm's policies list, one policy, create, update with optimistic
 * locking, book, group copies and group text, delete; every write in a transaction, the version
 * bumped and the change logged.
 */

type StoredPolicy = typeof policies.$inferSelect

/**
 * A policy as callers and the API see it. `ledger_entries` is the ledger triggers' count for the
 * reports (Past policies with no entry), not a field of the policy: it stays in the database.
 */
export type PolicyRow = Omit<StoredPolicy, 'ledger_entries'>

const policyOf = ({ ledger_entries: _entries, ...policy }: StoredPolicy): PolicyRow => policy

/** What a policy edit may change (computed totals, ids, group and version are not among them). */
export type PolicyChanges = Partial<
  Omit<
    PolicyRow,
    'pid' | 'fid' | 'grpnum' | 'taxes' | 'fees' | 'total' | 'version' | 'createdAt' | 'updatedAt' | 'bstamp'
  >
>

export const POLICY_MESSAGES = {
  conflict:
    'Someone else saved this policy after you opened it. Your changes were not saved; the form now shows the current values.',
  hasLedger: 'This policy has ledger entries and cannot be deleted.',
  notGrouped: 'Text fields can be saved to a group only when the policy is in a group.',
  noGroup: 'No policies in that group.',
} as const

/** The list columns of the firm Policies tab, as the API names them. */
export type PolicyListRow = Pick<PolicyRow, keyof typeof LIST_COLUMNS>
const LIST_COLUMNS = {
  pid: policies.pid,
  fid: policies.fid,
  prid: policies.prid,
  grpnum: policies.grpnum,
  carrier: policies.carrier,
  type: policies.type,
  status: policies.status,
  incept: policies.incept,
  expiry: policies.expiry,
  retro: policies.retro,
  limits: policies.limits,
  deduc: policies.deduc,
  premium: policies.premium,
  taxes: policies.taxes,
  fees: policies.fees,
  total: policies.total,
  down: policies.down,
  polnum: policies.polnum,
  version: policies.version,
}

const SORT_COLUMNS: Record<PolicySort, SQL | typeof policies.pid> = {
  pid: policies.pid,
  carrier: sql`${policies.carrier}`,
  type: sql`${policies.type}`,
  status: sql`${policies.status}`,
  incept: sql`${policies.incept}`,
  expiry: sql`${policies.expiry}`,
  retro: sql`${policies.retro}`,
  premium: sql`${policies.premium}`,
  taxes: sql`${policies.taxes}`,
  fees: sql`${policies.fees}`,
  total: sql`${policies.total}`,
  down: sql`${policies.down}`,
}

function listWhere(fid: number, query: PolicyListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(policies.fid, fid)]
  if (query.view === 'Policies') parts.push(inArray(policies.status, [...BOOKED_VIEW_STATUSES]))
  if (query.view === 'Quotes') parts.push(inArray(policies.status, [...QUOTE_STATUSES]))
  if (query.statuses.length > 0) parts.push(inArray(policies.status, query.statuses))
  if (query.carriers.length > 0) parts.push(inArray(policies.carrier, query.carriers))
  if (query.types.length > 0) parts.push(inArray(policies.type, query.types))
  if (query.search) {
    const searched = [
      policies.polnum,
      policies.carrier,
      policies.type,
      policies.status,
      policies.limits,
      policies.deduc,
    ]
    parts.push(or(anyContains(searched, query.search), sql`${policies.pid}::text = ${query.search}`))
  }
  return and(...parts)
}

/**
 * One page of a firm's policies with the match count beside each row (a firm has tens of policies, not
 * thousands); a page past the end (a hand-made URL, rows gone) is the last one (pageOf).
 */
export async function firmPolicies(
  db: DbOrTx,
  fid: number,
  query: PolicyListQuery,
): Promise<{ rows: PolicyListRow[]; count: number; page: number; pages: number }> {
  const where = listWhere(fid, query)
  const order = query.desc ? desc(SORT_COLUMNS[query.sort]) : asc(SORT_COLUMNS[query.sort])
  const page = await pageOf(
    ({ limit, offset }) =>
      db
        .select({ ...LIST_COLUMNS, __total: totalColumn() })
        .from(policies)
        .where(where)
        .orderBy(sql`${order} NULLS LAST`, desc(policies.pid))
        .limit(limit)
        .offset(offset),
    { page: query.page, size: query.perPage },
  )
  return { rows: page.rows, count: page.total, page: page.page, pages: page.pages }
}

/** The carriers and types a firm's policies use, for the More mode's filters. */
export async function firmPolicyFacets(db: DbOrTx, fid: number): Promise<{ carriers: string[]; types: string[] }> {
  const rows = await db
    .selectDistinct({ carrier: policies.carrier, type: policies.type })
    .from(policies)
    .where(eq(policies.fid, fid))
    .limit(500)
  const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => !!value))].sort()
  return { carriers: unique(rows.map((row) => row.carrier)), types: unique(rows.map((row) => row.type)) }
}

export async function getPolicy(db: DbOrTx, pid: number): Promise<PolicyRow | null> {
  const [row] = await db.select().from(policies).where(eq(policies.pid, pid))
  return row ? policyOf(row) : null
}

export async function requirePolicy(db: DbOrTx, pid: number): Promise<PolicyRow> {
  const row = await getPolicy(db, pid)
  if (!row) throw new NotFoundError('Failed to get Policy')
  return row
}

/** The firm a policy belongs to: its state defaults the tax calculator. */
export async function policyFirm(
  db: DbOrTx,
  fid: number,
): Promise<{ fid: number; state: string | null; sort: string | null; insured: string | null } | null> {
  const [row] = await db
    .select({ fid: firms.fid, state: firms.state, sort: firms.sort, insured: firms.insured })
    .from(firms)
    .where(eq(firms.fid, fid))
  return row ?? null
}

export interface NewPolicy {
  fid: number
  prid: number | null
  incept: string
  expiry: string
  retro: string | null
  limits: string | null
  deduc: string | null
  premium: string | null
  status: PolicyRow['status']
}

/** Create Policy from the firm's Policies tab: the program supplies the MGA and sponsor. */
export async function createPolicy(db: DbOrTx, input: NewPolicy, userId: number | null): Promise<PolicyRow> {
  return db.transaction(async (tx) => {
    const [firm] = await tx
      .select({ fid: firms.fid, zip: firms.zip, insured: firms.insured, producer: firms.producer })
      .from(firms)
      .where(eq(firms.fid, input.fid))
    if (!firm) throw new NotFoundError('No such firm.')
    const program =
      input.prid === null ? null : ((await tx.select().from(programs).where(eq(programs.prid, input.prid)))[0] ?? null)
    if (input.prid !== null && !program) throw new NotFoundError('No such program.')
    const [created] = await tx
      .insert(policies)
      .values({
        ...input,
        zip: firm.zip,
        insured: firm.insured,
        prodname: firm.producer,
        mgaid: program?.mgaid ?? null,
        spnid: program?.spnid ?? null,
      })
      .returning()
    await recordChange(tx, { userId, entity: 'policy', entityId: created.pid, action: 'create', after: created })
    return policyOf(created)
  })
}

/** A policy as an edit names it (read at `version`). */
const policyRecord = (pid: number, version: number) => ({
  table: policies,
  key: policies.pid,
  id: pid,
  version,
  entity: 'policy',
  notFound: 'Failed to get Policy',
})
const STALE_POLICY = { message: POLICY_MESSAGES.conflict, current: (_tx: DbOrTx, now: StoredPolicy) => policyOf(now) }

const lockForUpdate = (tx: DbOrTx, pid: number, version: number): Promise<StoredPolicy> =>
  lockVersion(tx, policyRecord(pid, version), STALE_POLICY)

const writeChanges = (
  tx: DbOrTx,
  pid: number,
  before: StoredPolicy,
  values: Partial<typeof policies.$inferInsert>,
  userId: number | null,
): Promise<StoredPolicy> => writeVersion(tx, policyRecord(pid, before.version), before, values, userId)

/** Saves a policy edit made on the version read; a lost race is a 409 with the current policy. */
export async function updatePolicy(
  db: DbOrTx,
  pid: number,
  version: number,
  changes: PolicyChanges,
  userId: number | null,
): Promise<PolicyRow> {
  return policyOf(await saveVersion(db, policyRecord(pid, version), { ...STALE_POLICY, userId, values: () => changes }))
}

/** Books a policy: status Book, booked today unless already dated, the booking stamp now. */
export async function bookPolicy(
  db: DbOrTx,
  pid: number,
  version: number,
  today: string,
  userId: number | null,
): Promise<PolicyRow> {
  return db.transaction(async (tx) => {
    const before = await lockForUpdate(tx, pid, version)
    return policyOf(
      await writeChanges(
        tx,
        pid,
        before,
        { status: 'Book', booked: before.booked ?? today, bstamp: new Date() },
        userId,
      ),
    )
  })
}

/**
 * Adds a copy of the policy to its option group with a new limit, deductible and premium. A policy
 * in group 0 first gets the next group number of its firm and program.
 */
export async function addGroupCopy(
  db: DbOrTx,
  pid: number,
  version: number,
  option: { limits: string; deduc: string; premium: string },
  userId: number | null,
): Promise<{ original: PolicyRow; copy: PolicyRow }> {
  return db.transaction(async (tx) => {
    let original = await lockForUpdate(tx, pid, version)
    if (original.grpnum === 0) {
      // Serialise group numbering per firm: the firm row is the lock.
      await tx.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, original.fid)).for('update')
      const [{ next }] = await tx
        .select({ next: sql<number>`COALESCE(MAX(${policies.grpnum}), 0) + 1` })
        .from(policies)
        .where(
          and(
            eq(policies.fid, original.fid),
            original.prid === null ? sql`${policies.prid} IS NULL` : eq(policies.prid, original.prid),
          ),
        )
      original = await writeChanges(tx, pid, original, { grpnum: Number(next) }, userId)
    }
    const {
      pid: _pid,
      taxes: _taxes,
      fees: _fees,
      total: _total,
      version: _version,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      bstamp: _bstamp,
      ledger_entries: _entries,
      ...fields
    } = original
    const [copy] = await tx
      .insert(policies)
      .values({
        ...fields,
        ...option,
        polnum: null,
        booked: null,
        bound: null,
        issued: null,
        canceled: null,
        cancellationcode: null,
      })
      .returning()
    await recordChange(tx, { userId, entity: 'policy', entityId: copy.pid, action: 'create', after: copy })
    return { original: policyOf(original), copy: policyOf(copy) }
  })
}

export interface PolicyText {
  forms: string | null
  features: string | null
  docs: string | null
  note: string | null
}

/**
 * Saves the text fields to every policy of the group (same grpnum, fid and prid). The policy being
 * edited must still be at the version read; the others take the text as it is (a group save is
 * the user's explicit choice to overwrite them), each change logged.
 */
export async function saveTextToGroup(
  db: DbOrTx,
  pid: number,
  version: number,
  text: PolicyText,
  userId: number | null,
): Promise<PolicyRow[]> {
  return db.transaction(async (tx) => {
    const current = await lockForUpdate(tx, pid, version)
    if (current.grpnum === 0) throw new StateConflictError(POLICY_MESSAGES.notGrouped)
    const members = await tx
      .select()
      .from(policies)
      .where(
        and(
          eq(policies.grpnum, current.grpnum),
          eq(policies.fid, current.fid),
          current.prid === null ? sql`${policies.prid} IS NULL` : eq(policies.prid, current.prid),
        ),
      )
      .orderBy(asc(policies.pid))
      .for('update')
    const saved: PolicyRow[] = []
    for (const member of members) saved.push(policyOf(await writeChanges(tx, member.pid, member, text, userId)))
    return saved
  })
}

/**
 * PUT /api/policies/group/{grpnum}?fid=&prid=: the text fields to every policy of a group named by
 * its key (group 0 is "no group" and is refused). The caller names no version: saving to the group
 * is the explicit choice to overwrite the members' text; each member's change is logged.
 */
export async function saveTextToGroupKey(
  db: DbOrTx,
  group: { grpnum: number; fid: number; prid: number },
  text: PolicyText,
  userId: number | null,
): Promise<PolicyRow[]> {
  if (group.grpnum === 0) throw new StateConflictError(POLICY_MESSAGES.notGrouped)
  return db.transaction(async (tx) => {
    const members = await tx
      .select()
      .from(policies)
      .where(and(eq(policies.grpnum, group.grpnum), eq(policies.fid, group.fid), eq(policies.prid, group.prid)))
      .orderBy(asc(policies.pid))
      .limit(1000)
      .for('update')
    if (members.length === 0) throw new NotFoundError(POLICY_MESSAGES.noGroup)
    const saved: PolicyRow[] = []
    for (const member of members) saved.push(policyOf(await writeChanges(tx, member.pid, member, text, userId)))
    return saved
  })
}

/** Deletes a policy option (group admin). A policy with ledger entries stays. */
export async function deletePolicy(db: DbOrTx, pid: number, version: number, userId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockForUpdate(tx, pid, version)
    const [{ entries }] = await tx.select({ entries: count() }).from(ledgers).where(eq(ledgers.pid, pid))
    if (entries > 0) throw new StateConflictError(POLICY_MESSAGES.hasLedger)
    await tx.delete(policies).where(eq(policies.pid, pid))
    await recordChange(tx, { userId, entity: 'policy', entityId: pid, action: 'delete', before })
  })
}

const withinAYear = (policy: PolicyRow) => {
  const anchor = policy.incept ?? policy.expiry
  if (!anchor) return undefined
  return and(
    gte(policies.incept, sql`(${anchor}::date - interval '1 year')::date`),
    lte(policies.incept, sql`(${anchor}::date + interval '1 year')::date`),
  )
}

export interface RelatedPolicy {
  pid: number
  status: string
  carrier: string | null
  type: string | null
  incept: string | null
  expiry: string | null
  limits: string | null
  deduc: string | null
  premium: string | null
  total: string | null
  grpnum: number
  version: number
}

const RELATED = {
  pid: policies.pid,
  status: policies.status,
  carrier: policies.carrier,
  type: policies.type,
  incept: policies.incept,
  expiry: policies.expiry,
  limits: policies.limits,
  deduc: policies.deduc,
  premium: policies.premium,
  total: policies.total,
  grpnum: policies.grpnum,
  version: policies.version,
}

/** The firm's other policies within a year of `policy` that also meet `where`, in `order`, at most 50. */
function relatedPolicies(db: DbOrTx, policy: PolicyRow, where: SQL[], order: SQL): Promise<RelatedPolicy[]> {
  return db
    .select(RELATED)
    .from(policies)
    .where(and(eq(policies.fid, policy.fid), ne(policies.pid, policy.pid), withinAYear(policy), ...where))
    .orderBy(order)
    .limit(50)
}

/** Prior-policy candidates: the firm's bound policies (Book, dncLost, Lost, Past, Tail) within a year. */
export async function priorCandidates(db: DbOrTx, policy: PolicyRow): Promise<RelatedPolicy[]> {
  return relatedPolicies(db, policy, [inArray(policies.status, [...PRIOR_STATUSES])], desc(policies.incept))
}

/** The other options of the policy's group (none for group 0) within a year. */
export async function groupOptions(db: DbOrTx, policy: PolicyRow): Promise<RelatedPolicy[]> {
  if (policy.grpnum === 0) return []
  const sameProgram = policy.prid === null ? sql`${policies.prid} IS NULL` : eq(policies.prid, policy.prid)
  return relatedPolicies(db, policy, [sameProgram, eq(policies.grpnum, policy.grpnum)], asc(policies.pid))
}

export { POLICY_SORTS }

/** A contact's sort label by cid, for showing program entities. */
export async function contactLabels(db: DbOrTx, cids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(cids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ cid: contacts.cid, sort: contacts.sort })
    .from(contacts)
    .where(inArray(contacts.cid, unique))
  return new Map(rows.map((row) => [row.cid, row.sort ?? String(row.cid)]))
}
