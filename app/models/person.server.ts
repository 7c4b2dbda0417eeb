import { notFoundMessage, isRecordId } from '#app/domain/ids'
import { and, asc, desc, eq, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '#app/db/client.server'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { contacts, firms, people } from '#app/db/schema'
import { hideSsn } from '#app/domain/masks'
import {
  PEOPLE_COLUMNS,
  PEOPLE_SEARCH_LIMIT,
  PERSON_FIELDS,
  type PeopleColumn,
  type PeopleSearchType,
  type PersonField,
} from '#app/domain/people-search'
import { NotFoundError, recordChange, saveVersion } from './change-log.server'
import { anyContains, containsWord, escapeLike, estimatedMatches } from './search-text.server'
import { versionedCache } from './data-version.server'
import { slicePage } from '#app/domain/paging'
import { pageOf, totalColumn } from './paging.server'

export type Person = typeof people.$inferSelect
export type PersonChanges = Omit<typeof people.$inferInsert, 'plid' | 'version' | 'createdAt' | 'updatedAt'>

/** People Search and GET /api/people return at most this many rows (spec 2 §9). */
export const PEOPLE_LIMIT = PEOPLE_SEARCH_LIMIT

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
} satisfies Record<PersonField, unknown>
export type PersonEntity = Omit<Person, 'createdAt' | 'updatedAt'> & {
  firms_sort: string | null
  contacts_sort: string | null
  name: string
  sort: string
}

/**
 * People with their firm and their contact (either may be missing), for the firm's and the contact's
 * sort names: `query` selects from people (`db.select({…}).from(people).$dynamic()`), and the rows keep
 * Drizzle's types (the joined columns nullable). The person reads here and the note editor's recipients.
 */
export function withFirmAndContact<T extends PgSelect>(query: T) {
  return query.leftJoin(firms, eq(firms.fid, people.fid)).leftJoin(contacts, eq(contacts.cid, people.cid))
}

function entityQuery(db: DbOrTx) {
  return withFirmAndContact(db.select(personEntity).from(people).$dynamic())
}

/**
 * Every word of a search (at most four) in a name part or the email: the person search and the note
 * editor's recipient search. ILIKE on the columns keeps the trigram indexes usable.
 */
export function everyWordInNameOrEmail(term: string | undefined): SQL | undefined {
  const value = term?.trim()
  if (!value) return undefined
  const words = value.split(/\s+/).slice(0, 4)
  return and(...words.map((word) => anyContains([people.surname, people.given, people.email], word)))
}

export async function getPerson(db: DbOrTx, plid: number): Promise<PersonEntity | null> {
  if (!isRecordId(plid)) return null
  const [row] = await entityQuery(db).where(eq(people.plid, plid))
  return row ?? null
}

/** A firm's members: optional search, by surname when asked, else in entry order. */
export async function firmMembers(
  db: DbOrTx,
  fid: number,
  options: { search?: string; bySurname?: boolean } = {},
): Promise<PersonEntity[]> {
  if (!isRecordId(fid)) return []
  return entityQuery(db)
    .where(and(eq(people.fid, fid), everyWordInNameOrEmail(options.search)))
    .orderBy(...(options.bySurname ? [asc(people.surname), asc(people.given)] : [asc(people.plid)]))
    .limit(PEOPLE_LIMIT)
}

/**
 * A page of the firm's people as the Members tab lists them (firmMembers' search and order), paged in
 * SQL: the tab reaches the spec's first 1000 people (`reach`), so the count and pages stop there and
 * `matched` says whether there are more.
 */
export async function firmMembersPage(
  db: DbOrTx,
  fid: number,
  options: { search?: string; bySurname?: boolean },
  request: { page: number; size: number },
) {
  if (!isRecordId(fid)) return { rows: [], total: 0, page: 1, pages: 1, matched: 0 }
  return pageOf(
    (window) =>
      withFirmAndContact(
        db
          .select({ ...personEntity, __total: totalColumn() })
          .from(people)
          .$dynamic(),
      )
        .where(and(eq(people.fid, fid), everyWordInNameOrEmail(options.search)))
        .orderBy(...(options.bySurname ? [asc(people.surname), asc(people.given)] : [asc(people.plid)]))
        .limit(window.limit)
        .offset(window.offset),
    { ...request, reach: PEOPLE_LIMIT },
  )
}

export async function contactPeople(db: DbOrTx, cid: number): Promise<PersonEntity[]> {
  if (!isRecordId(cid)) return []
  return entityQuery(db).where(eq(people.cid, cid)).orderBy(asc(people.plid)).limit(PEOPLE_LIMIT)
}

/** People Search and GET /api/people: a term over names and email, optionally one contact's people. */
export async function searchPeople(
  db: DbOrTx,
  options: { search?: string; cid?: number; fid?: number; limit?: number; unlinked?: boolean },
): Promise<PersonEntity[]> {
  const conditions = [
    everyWordInNameOrEmail(options.search),
    options.cid !== undefined ? eq(people.cid, options.cid) : undefined,
    options.fid !== undefined ? eq(people.fid, options.fid) : undefined,
    options.unlinked ? and(isNull(people.fid), isNull(people.cid)) : undefined,
  ]
  return entityQuery(db)
    .where(and(...conditions))
    .orderBy(asc(people.surname), asc(people.given), asc(people.plid))
    .limit(Math.min(options.limit ?? PEOPLE_LIMIT, PEOPLE_LIMIT))
}

/** A firm or contact a person is linked to must exist (a clear 404 instead of a foreign-key error). */
async function assertLinks(tx: DbOrTx, values: { fid?: number | null; cid?: number | null }) {
  if (values.fid !== undefined && values.fid !== null) {
    const [firm] = isRecordId(values.fid)
      ? await tx.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, values.fid))
      : []
    if (!firm) throw new NotFoundError(notFoundMessage('firm'))
  }
  if (values.cid !== undefined && values.cid !== null) {
    const [contact] = isRecordId(values.cid)
      ? await tx.select({ cid: contacts.cid }).from(contacts).where(eq(contacts.cid, values.cid))
      : []
    if (!contact) throw new NotFoundError(notFoundMessage('contact'))
  }
}

/** Creates a person (a new member when fid is given); a blank surname becomes 'New Person'. */
export async function createPerson(db: DbOrTx, values: Partial<PersonChanges>, userId: number | null): Promise<Person> {
  return db.transaction(async (tx) => {
    await assertLinks(tx, values)
    const [created] = await tx
      .insert(people)
      .values({ ...values, surname: values.surname?.trim() || 'New Person' })
      .returning()
    await recordChange(tx, { userId, entity: 'person', entityId: created.plid, action: 'create', after: created })
    return created
  })
}

export async function updatePerson(
  db: DbOrTx,
  plid: number,
  version: number,
  changes: Partial<PersonChanges>,
  userId: number | null,
): Promise<Person> {
  const record = {
    table: people,
    key: people.plid,
    id: plid,
    version,
    entity: 'person',
    notFound: notFoundMessage('person'),
  }
  return saveVersion(db, record, {
    userId,
    current: (tx) => getPerson(tx, plid),
    values: async (tx) => {
      await assertLinks(tx, changes)
      return changes
    },
  })
}

export async function deletePerson(db: DbOrTx, plid: number, userId: number | null): Promise<boolean> {
  if (!isRecordId(plid)) return false
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(people).where(eq(people.plid, plid)).returning()
    if (!deleted) return false
    await recordChange(tx, { userId, entity: 'person', entityId: plid, action: 'delete', before: deleted })
    return true
  })
}

/** POST /api/people: several people created in one transaction (all or none). */
export async function createPeople(
  db: DbOrTx,
  items: readonly Partial<PersonChanges>[],
  userId: number | null,
): Promise<Person[]> {
  return db.transaction(async (tx) => {
    const created: Person[] = []
    for (const values of items) created.push(await createPerson(tx, values, userId))
    return created
  })
}

/**
 * PUT /api/people: several people updated in one transaction. A stale version or a missing person
 * anywhere in the batch rolls the whole batch back (ConflictError carries that person as it is now).
 */
export async function updatePeople(
  db: DbOrTx,
  items: readonly { plid: number; version: number; changes: Partial<PersonChanges> }[],
  userId: number | null,
): Promise<Person[]> {
  return db.transaction(async (tx) => {
    const saved: Person[] = []
    for (const item of items) saved.push(await updatePerson(tx, item.plid, item.version, item.changes, userId))
    return saved
  })
}

const columnSql = (column: PeopleColumn) => personEntity[column]

/** The text the people search looks in for two-letter words (`people_search_bigrams`, migration 0010). */
const PEOPLE_SEARCH_TEXT = sql`(coalesce(${people.surname}, '') || chr(31) || coalesce(${people.given}, '') || chr(31) || coalesce(${people.email}, ''))`
/** More firms (or contacts) than this whose sort name holds a word make it common (see termPlan). */
const FIRM_IDS_CAP = 1000
/** From this many estimated matches the name order is walked instead of sorting the matches. */
const WALK_NAME_INDEX_FROM = 10_000

/**
 * A person's own name parts or email contain the word: for an index lookup, the trigram indexes, or
 * the bigrams for two letters; for testing people one by one along the name order (`walking`), the
 * plain ILIKEs (search_bigrams computed per person cost 1.6 s for "jo").
 */
function personContains(word: string, walking = false): SQL {
  if (word.length === 2 && !walking) return containsWord(PEOPLE_SEARCH_TEXT, word)
  const pattern = `%${escapeLike(word)}%`
  return sql`(${people.surname} ILIKE ${pattern} OR ${people.given} ILIKE ${pattern} OR ${people.email} ILIKE ${pattern})`
}

/** Firms whose sort name contains the word (firms_sort_trgm, or firms_sort_bigrams for two letters). */
function firmSortContains(word: string): SQL {
  return word.length === 2
    ? containsWord(sql`coalesce(${firms.sort}, '')`, word)
    : sql`${firms.sort} ILIKE ${`%${escapeLike(word)}%`}`
}

const termWords = (term: string | undefined) =>
  (term ?? '').replaceAll('\u0000', '').trim().split(/\s+/).filter(Boolean).slice(0, 4)

interface TermPlan {
  where: SQL | undefined
  /** Walk the name order (a common term) rather than sort the matches (a rare one). */
  walk: boolean
}

/**
 * The people whose name parts, email, firm sort or contact sort contain every word of the term, in
 * the form that finds them cheaply. A rare term: one OR per word that PostgreSQL answers with a
 * BitmapOr of indexes (the person's own text, and people_fid_idx / people_cid_idx for the few firms and
 * contacts whose sort name matches, looked up first), then sorted. A common one (a one-letter word,
 * more than FIRM_IDS_CAP firms or contacts, or, as a sample estimates, WALK_NAME_INDEX_FROM people): the name
 * order is walked and each person tested, the firms and contacts by a hashed lookup, until the search
 * has its rows. Either way no search reads and sorts every match of a common name, nor tests each
 * person against thousands of firm ids one by one ("an": 12.7 s before, at scale 100).
 */
async function termPlan(db: DbOrTx, term: string | undefined, scope: SQL | undefined): Promise<TermPlan> {
  const words = termWords(term)
  if (words.length === 0) return { where: scope, walk: false }
  const contactSortContains = (word: string) => sql`${contacts.sort} ILIKE ${`%${escapeLike(word)}%`}`
  // The firms and the contacts whose sort name holds the word, up to FIRM_IDS_CAP + 1 of each, in one
  // statement (two round trips were a tenth of the search's CPU for "smith" at scale 100). Capped like
  // the firms: past the cap the name order is walked and contacts are a hashed lookup too. OFFSET 0
  // keeps the LIMIT out of the firms' inner plan: with it the planner walked firms_sort_idx hoping to
  // stop early (10 ms) instead of the trigram lookup (1 ms). A one-letter word looks up no firms.
  const found = await Promise.all(
    words.map(async (word) => {
      const firmsOf =
        word.length < 2
          ? sql`NULL::int[]`
          : sql`coalesce((SELECT array_agg(fid) FROM (SELECT fid FROM (SELECT ${firms.fid} AS fid FROM ${firms} WHERE ${firmSortContains(word)} OFFSET 0) AS matching LIMIT ${FIRM_IDS_CAP + 1}) AS capped), '{}')`
      const { rows } = await db.execute<{ fids: number[] | null; cids: number[] }>(
        sql`SELECT ${firmsOf} AS fids, coalesce((SELECT array_agg(cid) FROM (SELECT ${contacts.cid} AS cid FROM ${contacts} WHERE ${contactSortContains(word)} LIMIT ${FIRM_IDS_CAP + 1}) AS capped), '{}') AS cids`,
      )
      return { word, fids: rows[0]?.fids ?? null, cids: rows[0]?.cids ?? [] }
    }),
  )
  const walked = (word: string) =>
    sql`(${personContains(word, true)} OR ${people.fid} IN (SELECT ${firms.fid} FROM ${firms} WHERE ${firmSortContains(word)}) OR ${people.cid} IN (SELECT ${contacts.cid} FROM ${contacts} WHERE ${contactSortContains(word)}))`
  if (found.some(({ fids, cids }) => fids === null || fids.length > FIRM_IDS_CAP || cids.length > FIRM_IDS_CAP)) {
    return { where: and(...found.map(({ word }) => walked(word)), scope), walk: true }
  }
  const where = and(
    ...found.map(
      ({ word, fids, cids }) =>
        sql`(${personContains(word)} OR ${people.fid} = ANY(${sql.param(fids)}::int[]) OR ${people.cid} = ANY(${sql.param(cids)}::int[]))`,
    ),
    scope,
  )
  if (!where || (await estimatedMatches(db, people, where)) < WALK_NAME_INDEX_FROM) return { where, walk: false }
  return { where: and(...found.map(({ word }) => walked(word)), scope), walk: true }
}

function searchTypeCondition(searchType: PeopleSearchType | undefined): SQL | undefined {
  if (searchType === 'firm') return isNotNull(people.fid)
  if (searchType === 'contact') return isNotNull(people.cid)
  return undefined
}

export type PeopleRow = Pick<PersonEntity, PeopleColumn>

export interface PeoplePage {
  result: PeopleRow[]
  /** Rows the search can show: at most PEOPLE_SEARCH_LIMIT. */
  count: number
  totalpages: number
  /** More people matched than the limit lets the search show. */
  overLimit: boolean
}

export interface PeopleSearch {
  term?: string
  searchType?: PeopleSearchType
  page: number
  perPage: number
  sortBy?: PeopleColumn
  sortDesc?: boolean
}

/**
 * People Search and POST /api/people/search: the page asked for and the match count (up to the limit).
 * The search reaches at most the first PEOPLE_SEARCH_LIMIT people in the chosen order.
 */
export async function searchPeoplePage(db: DbOrTx, search: PeopleSearch): Promise<PeoplePage> {
  const perPage = Math.max(1, Math.min(search.perPage, PEOPLE_SEARCH_LIMIT))
  const selection = Object.fromEntries(PEOPLE_COLUMNS.map((column) => [column, columnSql(column)])) as Record<
    PeopleColumn,
    (typeof personEntity)[PeopleColumn]
  >
  // The matches' ids in order, exactly as the statement below reads them, kept under the people_search
  // version (migration 0030): the same search asked again, or paged, reads one indexed row for them.
  const cache = await matchedIdsCache.open(db)
  const key = JSON.stringify([
    termWords(search.term),
    search.searchType ?? null,
    search.sortBy ?? null,
    !!search.sortDesc,
  ])
  const matched = await cache.get(key, () => matchedIds(db, search))
  const first = matched.slice(0, PEOPLE_SEARCH_LIMIT)
  const page = slicePage(first, { page: search.page, size: perPage })
  // Only the page's people are read whole (every time: their fields are not kept) and joined to their
  // firm and contact.
  const rows = page.rows.length
    ? await withFirmAndContact(db.select(selection).from(people).$dynamic()).where(inArray(people.plid, page.rows))
    : []
  const byId = new Map(rows.map((row) => [row.plid, row]))
  const result = page.rows.flatMap((plid) => byId.get(plid) ?? [])
  return {
    result: result as PeopleRow[],
    count: first.length,
    totalpages: page.pages,
    overLimit: matched.length > PEOPLE_SEARCH_LIMIT,
  }
}

/**
 * The `data_versions` row bumped at commit by every write that can change which people a search
 * matches or their order: any people insert, update or delete, a firm's or a contact's sort name (a
 * firm or contact deleted sets its people's link to NULL, a people update), a truncate (migration
 * 0030, decision 0038 §10).
 */
export const PEOPLE_SEARCH_VERSION = 'people_search'
const matchedIdsCache = versionedCache(PEOPLE_SEARCH_VERSION, 200)

/** For tests: forget the kept matches. */
export const clearPeopleSearchCache = () => matchedIdsCache.clear()

/** The ids of the first PEOPLE_SEARCH_LIMIT + 1 people a search matches, in its order. */
async function matchedIds(db: DbOrTx, search: PeopleSearch): Promise<number[]> {
  const { where, walk } = await termPlan(db, search.term, searchTypeCondition(search.searchType))
  const direction = search.sortDesc ? desc : asc
  // A rare term's matches are sorted: `|| ''` keeps the name order and hides people_surname_given_idx,
  // whose walk the planner prices as if matches were spread evenly ("smith": 14,000 people read for the
  // first 100 at scale 100). A common term walks that index.
  const byName =
    where && !walk ? [sql`${people.surname} || ''`, sql`${people.given} || ''`] : [people.surname, people.given]
  const order = search.sortBy ? [direction(columnSql(search.sortBy))] : byName.map((column) => direction(column))
  // One pass over the matches: the ids of the first PEOPLE_SEARCH_LIMIT + 1 in the chosen order (the
  // search never shows more), a top-N sort of small rows. Their number is the count, the page is cut
  // from them, and only its people are read whole and joined to their firm and contact. (A page query
  // and a count query evaluated the term twice, and joining every match hashed all 60,000 firms.)
  // Sorting by the firm's or the contact's sort name needs the join for the ids.
  const joinedOrder = search.sortBy === 'firms_sort' || search.sortBy === 'contacts_sort'
  const ids = db.select({ plid: people.plid }).from(people).$dynamic()
  return (
    await (joinedOrder ? withFirmAndContact(ids) : ids)
      .where(where)
      .orderBy(...order, asc(people.plid))
      .limit(PEOPLE_SEARCH_LIMIT + 1)
  ).map((row) => row.plid)
}

/** GET /api/people: chosen fields, a whitelisted order, a term, one contact's people, at most 1000 rows. */
export async function listPeople(
  db: DbOrTx,
  options: {
    fields?: readonly PersonField[]
    order?: readonly { field: PersonField; desc: boolean }[]
    search?: string
    cid?: number
    limit?: number
  },
): Promise<Partial<PersonEntity>[]> {
  const fields: PersonField[] = options.fields?.length
    ? [...new Set<PersonField>(['plid', ...options.fields])]
    : [...PERSON_FIELDS]
  const selection = Object.fromEntries(fields.map((field) => [field, personEntity[field]])) as Partial<
    typeof personEntity
  >
  const order = options.order?.length
    ? options.order.map(({ field, desc: descending }) =>
        descending ? desc(personEntity[field]) : asc(personEntity[field]),
      )
    : [asc(people.surname), asc(people.given)]
  const { where } = await termPlan(
    db,
    options.search,
    options.cid !== undefined ? eq(people.cid, options.cid) : undefined,
  )
  const rows = await withFirmAndContact(
    db
      .select(selection as typeof personEntity)
      .from(people)
      .$dynamic(),
  )
    .where(where)
    .orderBy(...order, asc(people.plid))
    .limit(Math.max(1, Math.min(options.limit ?? PEOPLE_SEARCH_LIMIT, PEOPLE_SEARCH_LIMIT)))
  return rows as Partial<PersonEntity>[]
}

/** Without person-edit the SSN never leaves the server unmasked (spec 2 §2.6). */
export function withSsnFor<T extends { ssn?: string | null }>(canEdit: boolean, rows: T[]): T[] {
  if (canEdit) return rows
  return rows.map((row) => ('ssn' in row ? { ...row, ssn: hideSsn(row.ssn) || null } : row))
}
