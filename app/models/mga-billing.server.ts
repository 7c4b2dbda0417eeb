import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, mgaBilling } from '#app/db/schema'
import { BILLING_MESSAGES, type BillingSort } from '#app/domain/billing'
import { RuleError } from '#app/domain/errors'
import { loggedRows, recordHistory, type HistoryEntry } from './change-log.server'
import { pageOf, totalColumn, type CountedPage } from './paging.server'

/**
 * MGA Billing Entities (spec 1 §2.10, §3, §7): which contact is paid the commission when an MGA
 * appears on a policy. One row per MGA; every change is in the change log, in its transaction.
 */

export const MGA_BILLING_ENTITY = 'mga_billing'

/** A row as the screen and GET /api/mgas show it: the spec's fields, and its version. */
export interface MgaBillingRow {
  id: number
  contact_id: number
  /** The MGA's contact sort. */
  mga_contact: string
  billing_mga: number
  /** The billing MGA's contact sort. */
  billing_contact: string
  version: number
}

const mga = alias(contacts, 'mga')
const billing = alias(contacts, 'billing')

const ROW = {
  id: mgaBilling.id,
  contact_id: mgaBilling.contact_id,
  mga_contact: mga.sort,
  billing_mga: mgaBilling.billing_mga,
  billing_contact: billing.sort,
  version: mgaBilling.version,
}

/** A billing row with its MGA's and its billing MGA's contact: `query` selects from mga_billing, as `$dynamic()`. */
function withContacts<T extends PgSelect>(query: T) {
  return query
    .innerJoin(mga, eq(mga.cid, mgaBilling.contact_id))
    .innerJoin(billing, eq(billing.cid, mgaBilling.billing_mga))
}

const SORT_COLUMNS = { mga: mga.sort, billing: billing.sort } as const

/** One page of the table (the one paging helper): sorted by the MGA's or the billing MGA's sort. */
export async function mgaBillingPage(
  db: DbOrTx,
  request: { page: number; size: number; sort?: BillingSort; desc?: boolean },
): Promise<CountedPage<MgaBillingRow>> {
  const column = SORT_COLUMNS[request.sort ?? 'mga']
  const order = request.desc ? desc(column) : asc(column)
  return pageOf(
    ({ limit, offset }) =>
      withContacts(
        db
          .select({ ...ROW, __total: totalColumn() })
          .from(mgaBilling)
          .$dynamic(),
      )
        .orderBy(order, asc(mgaBilling.id))
        .limit(limit)
        .offset(offset),
    { page: request.page, size: request.size },
  )
}

export async function getMgaBilling(db: DbOrTx, id: number): Promise<MgaBillingRow | null> {
  const [row] = await withContacts(db.select(ROW).from(mgaBilling).$dynamic()).where(eq(mgaBilling.id, id))
  return row ?? null
}

/** A contact the pickers offer: its sort, name, and whether it already has a billing row (as an MGA). */
export interface MgaChoice {
  cid: number
  sort: string
  name1: string
  billed: boolean
}

/** The contact list's cap (CONTACT_LIST_LIMIT): the pickers list the MGA contacts, at most this many. */
const CHOICES_CAP = 2000

/** The MGA contacts (type MGA), by sort, for the MGA and Billing MGA pickers. */
export async function mgaChoices(db: DbOrTx): Promise<MgaChoice[]> {
  return db
    .select({
      cid: contacts.cid,
      sort: contacts.sort,
      name1: contacts.name1,
      billed: sql<boolean>`EXISTS (SELECT 1 FROM ${mgaBilling} WHERE ${mgaBilling.contact_id} = ${contacts.cid})`,
    })
    .from(contacts)
    .where(sql`(${contacts.type} || '~') LIKE '%~MGA~%'`)
    .orderBy(asc(contacts.sort), asc(contacts.cid))
    .limit(CHOICES_CAP)
}

/** Both contacts named must exist (checked in the write's transaction, so a refusal names its field). */
async function requireContacts(tx: DbOrTx, named: Record<string, number>) {
  const ids = [...new Set(Object.values(named))]
  const found = await tx.select({ cid: contacts.cid }).from(contacts).where(inArray(contacts.cid, ids)).for('share')
  for (const [field, cid] of Object.entries(named))
    if (!found.some((row) => row.cid === cid)) throw new RuleError(BILLING_MESSAGES.noContact, 400, { field })
}

/** POST /api/mgas and the page's create: one row per MGA (a second is refused, 409). */
export async function createMgaBilling(
  db: DbOrTx,
  input: { contact_id: number; billing_mga: number },
  userId: number | null,
): Promise<MgaBillingRow> {
  const duplicate = () => new RuleError(BILLING_MESSAGES.duplicate, 409, { field: 'contact_id' })
  return ROWS.create(
    db,
    userId,
    {
      check: (tx) => requireContacts(tx, { contact_id: input.contact_id, billing_mga: input.billing_mga }),
      taken: eq(mgaBilling.contact_id, input.contact_id),
      values: input,
    },
    duplicate,
  )
}

/** A row locked for a change, and a change logged with the contacts' sorts (as the table shows it). */
const ROWS = loggedRows({
  table: mgaBilling,
  key: mgaBilling.id,
  entity: MGA_BILLING_ENTITY,
  read: getMgaBilling,
  notFound: BILLING_MESSAGES.missing,
  conflict: BILLING_MESSAGES.conflict,
})

/** PUT /api/mgas/{id} and a row's Save: a new billing MGA (the MGA itself is the row). */
export async function updateMgaBilling(
  db: DbOrTx,
  id: number,
  change: { billing_mga: number; version?: number },
  userId: number | null,
): Promise<MgaBillingRow> {
  await db.transaction(async (tx) => {
    const locked = await ROWS.lock(tx, id, change.version)
    // The same billing MGA again is no change: no new version, no empty line in the log.
    if (locked.billing_mga === change.billing_mga) return
    await requireContacts(tx, { billing_mga: change.billing_mga })
    await ROWS.change(tx, userId, id, 'update', () =>
      tx
        .update(mgaBilling)
        .set({ billing_mga: change.billing_mga, version: sql`${mgaBilling.version} + 1` })
        .where(eq(mgaBilling.id, id)),
    )
  })
  return (await getMgaBilling(db, id))!
}

/** DELETE /api/mgas/{id} and the page's confirmed Delete. */
export async function deleteMgaBilling(db: DbOrTx, id: number, userId: number | null, version?: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ROWS.lock(tx, id, version)
    await ROWS.change(tx, userId, id, 'delete', () => tx.delete(mgaBilling).where(eq(mgaBilling.id, id)))
  })
}

/** A row's history, newest first (the change log's one reader). */
export function mgaBillingHistory(db: DbOrTx, id: number): Promise<HistoryEntry[]> {
  return recordHistory(db, { entity: MGA_BILLING_ENTITY, entityId: id }, 50)
}
