import { notFoundMessage, isRecordId } from '#app/domain/ids'
import { DomainError } from '#app/domain/errors'
import { CONTACT_DELETE_FAILED } from '#app/schemas/contact'
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import { claims, contacts, people, policies, programs } from '#app/db/schema'
import { sanitizeUserHtml } from '#app/domain/html.server'
import { digitsOnly } from '#app/domain/masks'
import { PERSON_NAME_PARTS } from '#app/domain/people-search'
import { CONTACT_LIST_LIMIT, type ContactPersonInput, type ContactValues } from '#app/schemas/contact'
import { ConflictError, NotFoundError, recordChange } from './change-log.server'
import { anyContains, escapeLike } from './search-text.server'
import { pageOf, totalColumn } from './paging.server'

export type Contact = typeof contacts.$inferSelect

/** A person of a contact, with the fields of spec 2 §3 (contact person) and the version for saves. */
export interface ContactPerson {
  plid: number
  cid: number | null
  version: number
  prefix: string | null
  given: string | null
  surname: string
  suffix: string | null
  salutation: string | null
  direct: string | null
  ext: string | null
  mobile: string | null
  home: string | null
  fax: string | null
  email: string | null
}

export type ContactRecord = Omit<Contact, 'createdAt' | 'updatedAt'> & { people: ContactPerson[] }
export type ContactListRow = Pick<
  Contact,
  'cid' | 'sort' | 'name1' | 'name2' | 'type' | 'phone' | 'fax' | 'address1' | 'address2' | 'city' | 'state' | 'zip'
>

/** A delete refused because claims, policies, programs, ledgers or rates still name the contact. */
export class ContactInUseError extends DomainError {
  override name = 'ContactInUseError'
  constructor(readonly cid: number) {
    super(CONTACT_DELETE_FAILED, 'CONTACT_IN_USE', 409)
  }
}

const personColumns = {
  plid: people.plid,
  cid: people.cid,
  version: people.version,
  prefix: people.prefix,
  given: people.given,
  surname: people.surname,
  suffix: people.suffix,
  salutation: people.salutation,
  direct: people.direct,
  ext: people.ext,
  mobile: people.mobile,
  home: people.home,
  fax: people.fax,
  email: people.email,
}
const PERSON_FIELDS = [...PERSON_NAME_PARTS, 'direct', 'ext', 'mobile', 'home', 'fax', 'email'] as const
const CONTACT_FIELDS = [
  'name1',
  'name2',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'email',
  'type',
  'sort',
  'phone',
  'fax',
  'fein',
  'website',
  'note',
] as const

const listColumns = {
  cid: contacts.cid,
  sort: contacts.sort,
  name1: contacts.name1,
  name2: contacts.name2,
  type: contacts.type,
  phone: contacts.phone,
  fax: contacts.fax,
  address1: contacts.address1,
  address2: contacts.address2,
  city: contacts.city,
  state: contacts.state,
  zip: contacts.zip,
}

/**
 * The contacts list and GET /api/contacts: a term over sort, names, type, city and phone, sorted by
 * sort. At most `limit` rows (the list has no paging); `capped` says when more matched.
 */
export async function searchContacts(
  db: DbOrTx,
  options: { search?: string; type?: string; limit?: number } = {},
): Promise<{ rows: ContactListRow[]; count: number; capped: boolean }> {
  const limit = Math.min(options.limit ?? CONTACT_LIST_LIMIT, CONTACT_LIST_LIMIT)
  const term = options.search?.replaceAll('\u0000', '').trim()
  const conditions: (SQL | undefined)[] = []
  if (term) {
    const digits = digitsOnly(term)
    conditions.push(
      or(
        anyContains([contacts.sort, contacts.name1, contacts.name2, contacts.type, contacts.city], term),
        digits.length >= 3 ? ilike(contacts.phone, `%${digits}%`) : undefined,
      ),
    )
  }
  const type = options.type?.replaceAll('\u0000', '').replaceAll('~', '').trim()
  if (type) conditions.push(typeCondition(type))
  const page = await pageOf(
    (window) =>
      db
        .select({ ...listColumns, __total: totalColumn() })
        .from(contacts)
        .where(and(...conditions))
        .orderBy(asc(contacts.sort), asc(contacts.cid))
        .limit(window.limit)
        .offset(window.offset),
    { page: 1, size: limit },
  )
  return { rows: page.rows, count: page.total, capped: page.total > page.rows.length }
}

/** One type of the tilde list: '~Panel' followed by the next '~' or the end. */
function typeCondition(type: string): SQL {
  const pattern = `%~${escapeLike(type)}`
  return or(ilike(contacts.type, pattern), ilike(contacts.type, `${pattern}~%`))!
}

async function peopleOf(db: DbOrTx, cids: readonly number[]): Promise<ContactPerson[]> {
  if (cids.length === 0) return []
  return db
    .select(personColumns)
    .from(people)
    .where(inArray(people.cid, [...cids]))
    .orderBy(asc(people.surname), asc(people.given), asc(people.plid))
}

function record(contact: Contact, rows: ContactPerson[]): ContactRecord {
  const { createdAt: _created, updatedAt: _updated, ...rest } = contact
  // Sanitised when stored and again when read, like firm notes (it is rendered as HTML).
  return { ...rest, note: contact.note ? sanitizeUserHtml(contact.note) || null : null, people: rows }
}

export async function getContact(db: DbOrTx, cid: number): Promise<ContactRecord | null> {
  if (!isRecordId(cid)) return null
  const [contact] = await db.select().from(contacts).where(eq(contacts.cid, cid))
  if (!contact) return null
  return record(contact, await peopleOf(db, [cid]))
}

function contactRow(values: ContactValues) {
  return { ...values, note: values.note ? sanitizeUserHtml(values.note) || null : null }
}

function personRow(row: ContactPersonInput) {
  return Object.fromEntries(PERSON_FIELDS.map((key) => [key, row[key] ?? null])) as Record<
    (typeof PERSON_FIELDS)[number],
    string | null
  > & { surname: string }
}

/** Adds a contact and its new people in one transaction. */
export async function createContact(
  db: DbOrTx,
  values: ContactValues,
  rows: readonly ContactPersonInput[],
  userId: number | null,
): Promise<ContactRecord> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(contacts).values(contactRow(values)).returning()
    await recordChange(tx, { userId, entity: 'contact', entityId: created.cid, action: 'create', after: created })
    for (const row of rows) {
      if (row.plid) await linkPerson(tx, created.cid, row, userId)
      else await insertPerson(tx, created.cid, row, userId)
    }
    return record(created, await peopleOf(tx, [created.cid]))
  })
}

async function insertPerson(tx: DbOrTx, cid: number, row: ContactPersonInput, userId: number | null) {
  const [person] = await tx
    .insert(people)
    .values({ ...personRow(row), cid })
    .returning()
  await recordChange(tx, { userId, entity: 'person', entityId: person.plid, action: 'create', after: person })
}

/** A row naming an existing person with no contact links that person (API callers may link people). */
async function linkPerson(tx: DbOrTx, cid: number, row: ContactPersonInput, userId: number | null) {
  const [before] = await tx.select().from(people).where(eq(people.plid, row.plid!)).for('update')
  if (!before) throw new NotFoundError(notFoundMessage('person'))
  if (before.cid !== null && before.cid !== cid)
    throw new NotFoundError(`Person ${row.plid} belongs to another contact`)
  const [after] = await tx
    .update(people)
    .set({ ...personRow(row), cid, version: sql`${people.version} + 1` })
    .where(eq(people.plid, before.plid))
    .returning()
  await recordChange(tx, { userId, entity: 'person', entityId: before.plid, action: 'link', before, after })
}

export interface ContactSave {
  contact: ContactRecord
  changed: boolean
}

/**
 * Saves a contact edited from `version`, with its people rows: rows with a plid update that linked
 * person (at the version read), rows without one are new people. A stale contact or person version
 * saves nothing and throws ConflictError with the current contact. Nothing changed: nothing written.
 * `people` undefined (an API PUT without people) leaves the people alone.
 */
export async function updateContact(
  db: DbOrTx,
  cid: number,
  version: number,
  values: ContactValues,
  rows: readonly ContactPersonInput[] | undefined,
  userId: number | null,
): Promise<ContactSave> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contacts).where(eq(contacts.cid, cid)).for('update')
    if (!before) throw new NotFoundError(notFoundMessage('contact'))
    const conflict = async () => new ConflictError(record(before, await peopleOf(tx, [cid])))
    if (before.version !== version) throw await conflict()
    const next = contactRow(values)
    let changed = CONTACT_FIELDS.some((key) => (before[key] ?? null) !== (next[key] ?? null))
    const linked = rows?.length ? await tx.select().from(people).where(eq(people.cid, cid)).for('update') : []
    const byPlid = new Map(linked.map((person) => [person.plid, person]))
    for (const row of rows ?? []) {
      if (!row.plid) {
        await insertPerson(tx, cid, row, userId)
        changed = true
        continue
      }
      const person = byPlid.get(row.plid)
      // Unlinked or saved by someone else since the form was read.
      if (!person || (row.version !== undefined && person.version !== row.version)) throw await conflict()
      const fields = personRow(row)
      if (PERSON_FIELDS.every((key) => (person[key] ?? null) === fields[key])) continue
      const [after] = await tx
        .update(people)
        .set({ ...fields, version: sql`${people.version} + 1` })
        .where(eq(people.plid, person.plid))
        .returning()
      await recordChange(tx, {
        userId,
        entity: 'person',
        entityId: person.plid,
        action: 'update',
        before: person,
        after,
      })
      changed = true
    }
    if (!changed) return { contact: record(before, await peopleOf(tx, [cid])), changed: false }
    const [after] = await tx
      .update(contacts)
      .set({ ...next, version: sql`${contacts.version} + 1` })
      .where(and(eq(contacts.cid, cid), eq(contacts.version, version)))
      .returning()
    await recordChange(tx, { userId, entity: 'contact', entityId: cid, action: 'update', before, after })
    return { contact: record(after, await peopleOf(tx, [cid])), changed: true }
  })
}

/** Unlinks a person from a contact (cid set to null; the person stays). Null when not linked. */
export async function unlinkPerson(
  db: DbOrTx,
  cid: number,
  plid: number,
  userId: number | null,
): Promise<ContactPerson | null> {
  if (!isRecordId(cid) || !isRecordId(plid)) return null
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(people)
      .where(and(eq(people.plid, plid), eq(people.cid, cid)))
      .for('update')
    if (!before) return null
    const [after] = await tx
      .update(people)
      .set({ cid: null, version: sql`${people.version} + 1` })
      .where(eq(people.plid, plid))
      .returning(personColumns)
    await recordChange(tx, {
      userId,
      entity: 'person',
      entityId: plid,
      action: 'unlink',
      before,
      after: { ...after, fromCid: cid },
    })
    return after
  })
}

const FOREIGN_KEY_VIOLATION = '23503'

function isForeignKeyViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true
  }
  return false
}

/**
 * Deletes a contact; its people stay, unlinked. A contact still named by claims, policies, programs,
 * ledgers or rates is refused with ContactInUseError (the database's foreign keys decide).
 */
export async function deleteContact(db: DbOrTx, cid: number, userId: number | null): Promise<boolean> {
  if (!isRecordId(cid)) return false
  try {
    return await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(contacts).where(eq(contacts.cid, cid)).returning()
      if (!deleted) return false
      await recordChange(tx, { userId, entity: 'contact', entityId: cid, action: 'delete', before: deleted })
      return true
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ContactInUseError(cid)
    throw error
  }
}

/**
 * GET /api/contacts/byfid/{fid}: the contacts working on a firm's business: the adjusters and
 * defense firms of its claims (adj_cid, def_cid), the parties of its policies' programs (MGA,
 * producer, sub-producer, source, sponsor, taxing entities) and of the policies themselves (mgaid,
 * spnid). Each with its people, sorted by sort.
 */
export async function contactsByFirm(db: DbOrTx, fid: number): Promise<ContactRecord[]> {
  if (!isRecordId(fid)) return []
  const { rows } = await db.execute<{ cid: number }>(sql`
    SELECT DISTINCT cid FROM (
      SELECT unnest(ARRAY[${claims.adj_cid}, ${claims.def_cid}]) AS cid FROM ${claims} WHERE ${claims.fid} = ${fid}
      UNION
      SELECT unnest(ARRAY[${programs.mgaid}, ${programs.proid}, ${programs.depid}, ${programs.subid}, ${programs.srcid},
                          ${programs.spnid}, ${programs.doiid}, ${programs.slaid}, ${policies.mgaid}, ${policies.spnid}])
        FROM ${policies} LEFT JOIN ${programs} ON ${programs.prid} = ${policies.prid}
       WHERE ${policies.fid} = ${fid}
    ) AS named WHERE cid IS NOT NULL
  `)
  const cids = rows.map((row) => Number(row.cid))
  if (cids.length === 0) return []
  const [found, persons] = await Promise.all([
    db.select().from(contacts).where(inArray(contacts.cid, cids)).orderBy(asc(contacts.sort)),
    peopleOf(db, cids),
  ])
  return found.map((contact) =>
    record(
      contact,
      persons.filter((person) => person.cid === contact.cid),
    ),
  )
}

export type ContactOfType = {
  cid: number
  name1: string
  sort: string
  people: { plid: number; given: string | null; surname: string; salutation: string | null }[]
}

/** GET /api/contacts/type/{type}: cid, name1 and people (plid, given, surname, salutation) of one type. */
export async function contactsOfType(db: DbOrTx, type: string): Promise<ContactOfType[]> {
  return (await contactsOfTypes(db, [type]))[0] ?? []
}

/**
 * The contacts of each type asked for (by name, at most CONTACT_LIST_LIMIT a type), each with its
 * people, in two statements however many types: the claims search and the claim editor list the
 * adjusters and the panel counsel on every visit, which were four statements.
 */
export async function contactsOfTypes(db: DbOrTx, types: readonly string[]): Promise<ContactOfType[][]> {
  const wanted = types.map((type) => type.replaceAll('\u0000', '').replaceAll('~', '').trim())
  const parts = wanted.flatMap((type, index) =>
    type
      ? [
          sql`(SELECT ${index}::int AS t, ${contacts.cid} AS cid, ${contacts.name1} AS name1, ${contacts.sort} AS sort
               FROM ${contacts} WHERE ${typeCondition(type)} ORDER BY ${contacts.name1} ASC, ${contacts.cid} ASC
               LIMIT ${CONTACT_LIST_LIMIT})`,
        ]
      : [],
  )
  const found = parts.length
    ? (
        await db.execute<{ t: number; cid: number; name1: string; sort: string }>(
          sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS typed ORDER BY t, name1, cid`,
        )
      ).rows
    : []
  const persons = await peopleOf(db, [...new Set(found.map((contact) => contact.cid))])
  return wanted.map((_, index) =>
    found
      .filter((contact) => contact.t === index)
      .map(({ cid, name1, sort }) => ({
        cid,
        name1,
        sort,
        people: persons
          .filter((person) => person.cid === cid)
          .map(({ plid, given, surname, salutation }) => ({ plid, given, surname, salutation })),
      })),
  )
}
