import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { PEOPLE_SEARCH_LIMIT } from '#app/domain/people-search'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { createPeople, listPeople, PERSON_FIELDS, updatePeople, withSsnFor, type PersonField } from '#app/models/person.server'
import { methodNotAllowed, readBody, readQuery } from '#app/http/api.server'
import { noNul } from '#app/schemas/fields'
import { peopleCreateSchema, peopleUpdateSchema } from '#app/schemas/people'

const ROUTE = '/api/people'

const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','))))
  .transform((values) => values.map((v) => v.trim()).filter(Boolean))
const isField = (name: string): name is PersonField => (PERSON_FIELDS as string[]).includes(name)

/**
 * GET /api/people: `fields` and `order` (comma lists; `-field` sorts descending) from the person
 * entity's fields, a `search` term, one contact's people by `cid`, and `limit` (at most 1000).
 */
const listQuery = z.object({
  fields: list.refine((names) => names.every(isField), `fields must be among ${PERSON_FIELDS.join(', ')}`),
  order: list
    .refine((names) => names.every((name) => isField(name.replace(/^-/, ''))), `order must name fields among ${PERSON_FIELDS.join(', ')}`)
    .transform((names) => names.map((name) => ({ field: name.replace(/^-/, '') as PersonField, desc: name.startsWith('-') }))),
  search: z.preprocess(noNul, z.string({ error: 'search must be text' }).max(200, 'search is at most 200 characters')).optional(),
  cid: z.coerce.number({ error: 'cid must be a contact id' }).int('cid must be a contact id').min(1, 'cid must be a contact id').max(2 ** 31 - 1, 'cid must be a contact id').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit is at least 1').max(PEOPLE_SEARCH_LIMIT, `limit is at most ${PEOPLE_SEARCH_LIMIT}`).optional(),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const query = readQuery(request, listQuery)
  return Response.json(withSsnFor(hasScope(user, 'person-edit'), await listPeople(getDb(), query)))
}

/** POST creates people (one or a list; `{}` or `{fid}` makes one); PUT updates a list by plid and version. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'PUT') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'POST', 'PUT'])
  }
  const user = await requireUser(request, ROUTE)
  const db = getDb()
  try {
    if (request.method === 'POST') {
      const items = await readBody(request, peopleCreateSchema)
      // Members (people of a firm or contact) are created with person-edit; others with people-edit (spec 2 §6).
      const linked = items.some((item) => item.fid || item.cid)
      const unlinked = items.some((item) => !item.fid && !item.cid)
      if ((linked && !hasScope(user, 'person-edit')) || (unlinked && !hasScope(user, 'people-edit'))) {
        return apiError(403, 'FORBIDDEN', linked ? 'Creating members needs person-edit.' : 'Creating people needs people-edit.')
      }
      return Response.json(await createPeople(db, items, user.id), { status: 201 })
    }
    const items = await readBody(request, peopleUpdateSchema)
    return Response.json(await updatePeople(db, items, user.id))
  } catch (error) {
    if (error instanceof ConflictError) return apiError(409, 'CONFLICT', error.message, { current: error.current })
    if (error instanceof NotFoundError) return apiError(404, 'NOT_FOUND', error.message)
    throw error
  }
}
