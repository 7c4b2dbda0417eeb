import { z } from 'zod'
import { apiChangesOf } from './api-record'
import {
  PEOPLE_COLUMNS,
  PEOPLE_MESSAGES,
  PEOPLE_PAGE_SIZE,
  PEOPLE_SEARCH_LIMIT,
  PEOPLE_SEARCH_TYPES,
  PERSON_FIELDS,
  type PersonField,
} from '#app/domain/people-search'
import { commaList, typedText, versionField, idField } from './fields'
import { personFields } from './person'
import { limitParam } from './query'

const recordId = idField('Must be a record id')
const columnEnum = z.enum(PEOPLE_COLUMNS, {
  error: `Must be one of ${PEOPLE_COLUMNS.join(', ')}`,
})

/** The People Search form's fields (its browser constraints are generated from this). */
export const peopleSearchFormSchema = z.object({
  q: z.preprocess(typedText, z.string().max(200).optional()),
  type: z.enum(PEOPLE_SEARCH_TYPES).optional(),
})

/**
 * The People Search page's URL (a GET form, so a search is bookmarkable). Bad values fall back to
 * the defaults, so a stale bookmark never fails.
 */
export const peopleSearchParamsSchema = z.object({
  q: peopleSearchFormSchema.shape.q.catch(undefined),
  type: peopleSearchFormSchema.shape.type.catch(undefined),
  page: z.coerce.number().int().min(1).max(PEOPLE_SEARCH_LIMIT).optional().catch(undefined),
  sort: columnEnum.optional().catch(undefined),
  desc: z.enum(['1', '0']).optional().catch(undefined),
  deletePerson: recordId.optional().catch(undefined),
})
export type PeopleSearchParams = z.infer<typeof peopleSearchParamsSchema>

/** POST /api/people/search: which people, the text, the page and its order. */
export const peopleSearchBodySchema = z.object({
  searchType: z
    .enum(PEOPLE_SEARCH_TYPES, { error: `searchType must be one of ${PEOPLE_SEARCH_TYPES.join(', ')}` })
    .default('all'),
  term: z
    .preprocess(typedText, z.string({ error: 'term must be text' }).max(200, 'term is at most 200 characters'))
    .default(''),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(PEOPLE_SEARCH_LIMIT).default(1),
  perPage: z.coerce
    .number({ error: 'perPage must be a number' })
    .int()
    .min(1)
    .max(PEOPLE_SEARCH_LIMIT)
    .default(PEOPLE_PAGE_SIZE),
  sortBy: columnEnum.optional(),
  sortDesc: z.boolean({ error: 'sortDesc must be true or false' }).default(false),
})

/** A JSON person for POST and PUT /api/people, read as changes so the form's field schemas apply unchanged. */
const personRecord = apiChangesOf('Each person must be a JSON object.')

const linkId = z.preprocess((value) => (value === '' ? null : value), recordId.nullable())
/** Only the fields a body names are written; the others keep their values. */
const partialPerson = z.object({ ...personFields, fid: linkId, cid: linkId }).partial()

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

const createItem = personRecord.pipe(
  partialPerson
    .extend({ plid: z.never({ error: 'plid is set: update existing people with PUT /api/people' }).optional() })
    .transform(({ plid: _plid, ...values }) => definedOnly(values)),
)
const updateItem = personRecord.pipe(
  partialPerson
    .extend({ plid: recordId, version: versionField })
    .transform(({ plid, version, ...values }) => ({ plid, version, changes: definedOnly(values) })),
)

const MAX_BATCH = 200
const batch = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (body) => (Array.isArray(body) ? body : [body]),
    z.array(item).min(1, 'The list of people is empty.').max(MAX_BATCH, `At most ${MAX_BATCH} people at a time.`),
  )

/** POST /api/people: one person or a list; an empty body or {fid} creates one person. */
export const peopleCreateSchema = batch(createItem)
/** PUT /api/people: one person or a list, each with plid and version. */
export const peopleUpdateSchema = batch(updateItem)
/** PUT /api/people/{id}: the fields to change and the version read. */
export const personUpdateSchema = personRecord.pipe(
  partialPerson
    .extend({ version: versionField })
    .transform(({ version, ...values }) => ({ version, changes: definedOnly(values) })),
)

/** People Search's Delete (after its confirmation): the person's id; a bad one is the spec's failure. */
export const personDeleteFormSchema = z.object({ plid: idField(PEOPLE_MESSAGES.deleteFailed) })

const isPersonField = (name: string): name is PersonField => (PERSON_FIELDS as readonly string[]).includes(name)

/**
 * GET /api/people: `fields` and `order` (comma lists; `-field` sorts descending) from the person
 * entity's fields, a `search` term, one contact's people by `cid`, and `limit` (at most 1000).
 */
export const peopleListQuerySchema = z.object({
  fields: commaList.refine((names) => names.every(isPersonField), `fields must be among ${PERSON_FIELDS.join(', ')}`),
  order: commaList
    .refine(
      (names) => names.every((name) => isPersonField(name.replace(/^-/, ''))),
      `order must name fields among ${PERSON_FIELDS.join(', ')}`,
    )
    .transform((names) =>
      names.map((name) => ({ field: name.replace(/^-/, '') as PersonField, desc: name.startsWith('-') })),
    ),
  search: z
    .preprocess(typedText, z.string({ error: 'search must be text' }).max(200, 'search is at most 200 characters'))
    .optional(),
  cid: idField('cid must be a contact id').optional(),
  limit: limitParam(PEOPLE_SEARCH_LIMIT),
})
