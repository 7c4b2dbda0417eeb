import { asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, policies, programs } from '#app/db/schema'
import { ConflictError, InvalidError, NotFoundError, StateConflictError } from '#app/domain/errors'
import { recordChange } from './change-log.server'
import { pageOf, totalColumn } from './paging.server'

/**
 * Underwriting programs (spec 3 §3, GET /api/programs): who takes each fee and commission and who
 * collects the taxes on a program's policies. A few dozen rows; the spec's page size is 10,000.
 */

export type ProgramRow = typeof programs.$inferSelect

export interface ProgramOption {
  prid: number
  name: string | null
  mgaid: number | null
  proid: number | null
  depid: number | null
  subid: number | null
  srcid: number | null
  spnid: number | null
  doiid: number | null
  slaid: number | null
  tax_type: string | null
  mga: string | null
  producer: string | null
  sponsor: string | null
  doi: string | null
  sla: string | null
}

/** Every program (a few dozen), for the policy editor's and the Policies tab's lists. */
export async function listPrograms(db: DbOrTx): Promise<ProgramOption[]> {
  return (await programsPage(db, { page: 1, perPage: 10_000 })).result
}

/**
 * A page of the programs with their entities' names, ordered as the spec's sortIds (mgaid, proid,
 * spnid), and the count of all (pageOf: a page past the end is the last one).
 */
export async function programsPage(
  db: DbOrTx,
  request: { page: number; perPage: number },
): Promise<{ result: ProgramOption[]; count: number; totalPages: number; page: number }> {
  const mga = alias(contacts, 'mga')
  const pro = alias(contacts, 'pro')
  const spn = alias(contacts, 'spn')
  const doi = alias(contacts, 'doi')
  const sla = alias(contacts, 'sla')
  const page = await pageOf(
    ({ limit, offset }) =>
      db
        .select({
          prid: programs.prid,
          name: programs.name,
          mgaid: programs.mgaid,
          proid: programs.proid,
          depid: programs.depid,
          subid: programs.subid,
          srcid: programs.srcid,
          spnid: programs.spnid,
          doiid: programs.doiid,
          slaid: programs.slaid,
          tax_type: programs.tax_type,
          mga: mga.sort,
          producer: pro.sort,
          sponsor: spn.sort,
          doi: doi.sort,
          sla: sla.sort,
          __total: totalColumn(),
        })
        .from(programs)
        .leftJoin(mga, eq(mga.cid, programs.mgaid))
        .leftJoin(pro, eq(pro.cid, programs.proid))
        .leftJoin(spn, eq(spn.cid, programs.spnid))
        .leftJoin(doi, eq(doi.cid, programs.doiid))
        .leftJoin(sla, eq(sla.cid, programs.slaid))
        .orderBy(asc(programs.mgaid), asc(programs.proid), asc(programs.spnid), asc(programs.prid))
        .limit(limit)
        .offset(offset),
    { page: request.page, size: request.perPage },
  )
  return { result: page.rows, count: page.total, totalPages: page.pages, page: page.page }
}

export async function getProgram(db: DbOrTx, prid: number): Promise<ProgramRow | null> {
  const [row] = await db.select().from(programs).where(eq(programs.prid, prid))
  return row ?? null
}

export const PROGRAM_MESSAGES = {
  notFound: 'No such program.',
  inUse: 'This program has policies and cannot be deleted.',
  conflict: 'This program was changed by someone else. Review the current program and apply your change again.',
} as const

/** The fields a program write sets (spec 3 §3 Program); each entity is a contact. */
export interface ProgramFields {
  name?: string | null
  mgaid?: number | null
  proid?: number | null
  depid?: number | null
  subid?: number | null
  srcid?: number | null
  spnid?: number | null
  doiid?: number | null
  slaid?: number | null
  tax_type?: string | null
}

const ENTITY_FIELDS = ['mgaid', 'proid', 'depid', 'subid', 'srcid', 'spnid', 'doiid', 'slaid'] as const

/** Every entity a program names must be a contact (a clear 400, not a foreign-key 500). */
async function requireEntities(tx: DbOrTx, fields: ProgramFields) {
  const ids = [
    ...new Set(ENTITY_FIELDS.map((field) => fields[field]).filter((id): id is number => typeof id === 'number')),
  ]
  if (ids.length === 0) return
  const found = await tx.select({ cid: contacts.cid }).from(contacts).where(inArray(contacts.cid, ids))
  const missing = ids.filter((id) => !found.some((row) => row.cid === id))
  if (missing.length) throw new InvalidError(`No contact ${missing.join(', ')} for the program's entities.`)
}

/** GET /api/programs/{id}?withUnderWriters=true: the program with the names of its entities. */
export async function programWithEntities(
  db: DbOrTx,
  prid: number,
): Promise<ProgramRow & { entities: Record<(typeof ENTITY_FIELDS)[number], string | null> }> {
  const program = await getProgram(db, prid)
  if (!program) throw new NotFoundError(PROGRAM_MESSAGES.notFound)
  const ids = ENTITY_FIELDS.map((field) => program[field]).filter((id): id is number => id !== null)
  const names = ids.length
    ? await db.select({ cid: contacts.cid, sort: contacts.sort }).from(contacts).where(inArray(contacts.cid, ids))
    : []
  const nameOf = (id: number | null) => (id === null ? null : (names.find((row) => row.cid === id)?.sort ?? null))
  const entities = Object.fromEntries(ENTITY_FIELDS.map((field) => [field, nameOf(program[field])])) as Record<
    (typeof ENTITY_FIELDS)[number],
    string | null
  >
  return { ...program, entities }
}

export async function createProgram(db: DbOrTx, fields: ProgramFields, userId: number | null): Promise<ProgramRow> {
  return db.transaction(async (tx) => {
    await requireEntities(tx, fields)
    const [created] = await tx.insert(programs).values(fields).returning()
    await recordChange(tx, { userId, entity: 'program', entityId: created.prid, action: 'create', after: created })
    return created
  })
}

/** POST /api/programs?action=duplicate: a copy of a program under a new prid. */
export async function duplicateProgram(db: DbOrTx, prid: number, userId: number | null): Promise<ProgramRow> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(programs).where(eq(programs.prid, prid))
    if (!source) throw new NotFoundError(PROGRAM_MESSAGES.notFound)
    const { prid: _prid, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = source
    const [created] = await tx
      .insert(programs)
      .values({ ...fields, name: fields.name ? `${fields.name} (copy)`.slice(0, 200) : null })
      .returning()
    await recordChange(tx, {
      userId,
      entity: 'program',
      entityId: created.prid,
      action: 'create',
      after: { ...created, duplicateOf: prid },
    })
    return created
  })
}

/** PUT /api/programs/{id}: at the version read (409 with the current program otherwise). */
export async function updateProgram(
  db: DbOrTx,
  prid: number,
  version: number,
  fields: ProgramFields,
  userId: number | null,
): Promise<ProgramRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(programs).where(eq(programs.prid, prid)).for('update')
    if (!before) throw new NotFoundError(PROGRAM_MESSAGES.notFound)
    if (before.version !== version) throw new ConflictError(before, PROGRAM_MESSAGES.conflict)
    await requireEntities(tx, fields)
    const [after] = await tx
      .update(programs)
      .set({ ...fields, version: sql`${programs.version} + 1` })
      .where(eq(programs.prid, prid))
      .returning()
    await recordChange(tx, { userId, entity: 'program', entityId: prid, action: 'update', before, after })
    return after
  })
}

/** DELETE /api/programs/{id}: refused while a policy names the program (its fees and taxes depend on it). */
export async function deleteProgram(db: DbOrTx, prid: number, version: number, userId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(programs).where(eq(programs.prid, prid)).for('update')
    if (!before) throw new NotFoundError(PROGRAM_MESSAGES.notFound)
    if (before.version !== version) throw new ConflictError(before, PROGRAM_MESSAGES.conflict)
    const [used] = await tx.select({ pid: policies.pid }).from(policies).where(eq(policies.prid, prid)).limit(1)
    if (used) throw new StateConflictError(PROGRAM_MESSAGES.inUse)
    await tx.delete(programs).where(eq(programs.prid, prid))
    await recordChange(tx, { userId, entity: 'program', entityId: prid, action: 'delete', before })
  })
}
