import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { contacts, firms, people } from '#app/db/schema'
import { ConflictError, NotFoundError, recordChange } from './change-log.server'
import { escapeLike } from './firm.server'

export type Person = typeof people.$inferSelect
export type PersonChanges = Omit<typeof people.$inferInsert, 'plid' | 'version' | 'createdAt' | 'updatedAt'>

/** People Search and GET /api/people return at most this many rows (spec 2 §9). */
export const PEOPLE_LIMIT = 1000

const validId = (id: number) => Number.isInteger(id) && id > 0 && id < 2 ** 31

/** A person with the derived API fields: firms_sort, contacts_sort, name, sort. */
const personEntity = {
  plid: people.plid,
  fid: people.fid,
  cid: people.cid,
  prefix: people.prefix,
  given: people.given,
  surname: people.surname,
  suffix: people.suffix,
  salutation: people.salutation,
  role: people.role,
  direct: people.direct,
  ext: people.ext,
  fax: people.fax,
  mobile: people.mobile,
  home: people.home,
  born: people.born,
  licensed: people.licensed,
  hired: people.hired,
  ssn: people.ssn,
  hours: people.hours,
  ce: people.ce,
  email: people.email,
  version: people.version,
  firms_sort: firms.sort,
  contacts_sort: contacts.sort,
  name: sql<string>`trim(concat_ws(' ', ${people.given}, ${people.surname}))`,
  sort: sql<string>`concat_ws(', ', ${people.surname}, ${people.given})`,
}
export type PersonEntity = Omit<Person, 'createdAt' | 'updatedAt'> & { firms_sort: string | null; contacts_sort: string | null; name: string; sort: string }

function entityQuery(db: DbOrTx) {
  return db
    .select(personEntity)
    .from(people)
    .leftJoin(firms, eq(firms.fid, people.fid))
    .leftJoin(contacts, eq(contacts.cid, people.cid))
}

function termCondition(term: string | undefined): SQL | undefined {
  const value = term?.trim()
  if (!value) return undefined
  const words = value.split(/\s+/).slice(0, 4)
  // Every word must match a name part or the email; ILIKE on the columns keeps the trigram indexes usable.
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`
      return or(ilike(people.surname, pattern), ilike(people.given, pattern), ilike(people.email, pattern))!
    }),
  )
}

export async function getPerson(db: DbOrTx, plid: number): Promise<PersonEntity | null> {
  if (!validId(plid)) return null
  const [row] = await entityQuery(db).where(eq(people.plid, plid))
  return row ?? null
}

/** A firm's members: optional search, by surname when asked, else in entry order. */
export async function firmMembers(db: DbOrTx, fid: number, options: { search?: string; bySurname?: boolean } = {}): Promise<PersonEntity[]> {
  if (!validId(fid)) return []
  return entityQuery(db)
    .where(and(eq(people.fid, fid), termCondition(options.search)))
    .orderBy(...(options.bySurname ? [asc(people.surname), asc(people.given)] : [asc(people.plid)]))
    .limit(PEOPLE_LIMIT)
}

export async function contactPeople(db: DbOrTx, cid: number): Promise<PersonEntity[]> {
  if (!validId(cid)) return []
  return entityQuery(db).where(eq(people.cid, cid)).orderBy(asc(people.plid)).limit(PEOPLE_LIMIT)
}

/** People Search and GET /api/people: a term over names and email, optionally one contact's people. */
export async function searchPeople(
  db: DbOrTx,
  options: { search?: string; cid?: number; fid?: number; limit?: number; unlinked?: boolean },
): Promise<PersonEntity[]> {
  const conditions = [
    termCondition(options.search),
    options.cid !== undefined ? eq(people.cid, options.cid) : undefined,
    options.fid !== undefined ? eq(people.fid, options.fid) : undefined,
    options.unlinked ? and(isNull(people.fid), isNull(people.cid)) : undefined,
  ]
  return entityQuery(db)
    .where(and(...conditions))
    .orderBy(asc(people.surname), asc(people.given), asc(people.plid))
    .limit(Math.min(options.limit ?? PEOPLE_LIMIT, PEOPLE_LIMIT))
}

/** Creates a person (a new member when fid is given); a blank surname becomes 'New Person'. */
export async function createPerson(db: DbOrTx, values: Partial<PersonChanges>, userId: number | null): Promise<Person> {
  return db.transaction(async (tx) => {
    if (values.fid !== undefined && values.fid !== null) {
      const [firm] = await tx.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, values.fid))
      if (!firm) throw new NotFoundError(`No firm ${values.fid}`)
    }
    const [created] = await tx
      .insert(people)
      .values({ ...values, surname: values.surname?.trim() || 'New Person' })
      .returning()
    await recordChange(tx, { userId, entity: 'person', entityId: created.plid, action: 'create', after: created })
    return created
  })
}

export async function updatePerson(db: DbOrTx, plid: number, version: number, changes: Partial<PersonChanges>, userId: number | null): Promise<Person> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(people).where(eq(people.plid, plid)).for('update')
    if (!before) throw new NotFoundError(`No person ${plid}`)
    if (before.version !== version) throw new ConflictError(await getPerson(tx, plid))
    const [after] = await tx
      .update(people)
      .set({ ...changes, version: sql`${people.version} + 1` })
      .where(eq(people.plid, plid))
      .returning()
    await recordChange(tx, { userId, entity: 'person', entityId: plid, action: 'update', before, after })
    return after
  })
}

export async function deletePerson(db: DbOrTx, plid: number, userId: number | null): Promise<boolean> {
  if (!validId(plid)) return false
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(people).where(eq(people.plid, plid)).returning()
    if (!deleted) return false
    await recordChange(tx, { userId, entity: 'person', entityId: plid, action: 'delete', before: deleted })
    return true
  })
}
