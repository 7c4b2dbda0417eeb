import { z } from 'zod'
import { canCreatePerson, canEditPerson, canSeeSsn } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError } from '#app/domain/errors'
import { PEOPLE_SEARCH_LIMIT } from '#app/domain/people-search'
import { readBody, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import {
  createPeople,
  listPeople,
  PERSON_FIELDS,
  updatePeople,
  withSsnFor,
  type PersonField,
} from '#app/models/person.server'
import { idField, typedText } from '#app/schemas/fields'
import { peopleCreateSchema, peopleUpdateSchema } from '#app/schemas/people'

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')),
  )
  .transform((values) => values.map((v) => v.trim()).filter(Boolean))
const isField = (name: string): name is PersonField => (PERSON_FIELDS as string[]).includes(name)

/**
 * GET /api/people: `fields` and `order` (comma lists; `-field` sorts descending) from the person
 * entity's fields, a `search` term, one contact's people by `cid`, and `limit` (at most 1000).
 */
const listQuery = z.object({
  fields: list.refine((names) => names.every(isField), `fields must be among ${PERSON_FIELDS.join(', ')}`),
  order: list
    .refine(
      (names) => names.every((name) => isField(name.replace(/^-/, ''))),
      `order must name fields among ${PERSON_FIELDS.join(', ')}`,
    )
    .transform((names) =>
      names.map((name) => ({ field: name.replace(/^-/, '') as PersonField, desc: name.startsWith('-') })),
    ),
  search: z
    .preprocess(typedText, z.string({ error: 'search must be text' }).max(200, 'search is at most 200 characters'))
    .optional(),
  cid: idField('cid must be a contact id').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .max(PEOPLE_SEARCH_LIMIT, `limit is at most ${PEOPLE_SEARCH_LIMIT}`)
    .optional(),
})

/**
 * GET lists people (the query above). POST creates people (one or a list; `{}` or `{fid}` makes one):
 * members (of a firm or contact) need person-edit, others people-edit (spec 2 §6). PUT updates a list
 * by plid and version (409 with the current person when one is stale).
 */
const api = apiRoute('/api/people', {
  GET: async ({ request, user }) =>
    withSsnFor(canSeeSsn(user), await listPeople(getDb(), readQuery(request, listQuery))),
  POST: async ({ request, user }) => {
    const items = await readBody(request, peopleCreateSchema)
    const linked = items.some((item) => item.fid || item.cid)
    const unlinked = items.some((item) => !item.fid && !item.cid)
    if ((linked && !canEditPerson(user)) || (unlinked && !canCreatePerson(user))) {
      throw new ForbiddenError(linked ? 'Creating members needs person-edit.' : 'Creating people needs people-edit.')
    }
    return Response.json(await createPeople(getDb(), items, user.id), { status: 201 })
  },
  PUT: async ({ request, user }) => updatePeople(getDb(), await readBody(request, peopleUpdateSchema), user.id),
})

export const loader = api.loader
export const action = api.action
