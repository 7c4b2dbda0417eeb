import { canCreatePerson, canEditPerson, canSeeSsn } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { readBody, readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import {
  createPeople,
  deletePerson,
  getPerson,
  listPeople,
  searchPeoplePage,
  updatePeople,
  updatePerson,
  withSsnFor,
} from '#app/models/person.server'
import {
  peopleCreateSchema,
  peopleListQuerySchema,
  peopleSearchBodySchema,
  peopleUpdateSchema,
  personUpdateSchema,
} from '#app/schemas/people'

/**
 * /api/people: GET lists people (peopleListQuerySchema). POST creates people (one or a list; `{}` or
 * `{fid}` makes one): members (of a firm or contact) need person-edit, others people-edit (spec 2 §6).
 * PUT updates a list by plid and version (409 with the current person when one is stale).
 */
export const peopleApi: ApiHandlers = {
  GET: async ({ request, user }) =>
    withSsnFor(canSeeSsn(user), await listPeople(getDb(), readQuery(request, peopleListQuerySchema))),
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
}

/**
 * /api/people/{id}: GET the person with its version (send it back on PUT). PUT saves the fields named
 * in the body (409 with the current person on a stale version); DELETE removes the person (the
 * registry's rule is the abilities' DELETE_PEOPLE_API_SCOPES: a member or a person deleter).
 */
export const personApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const person = await getPerson(getDb(), requireId(params.id, 'person'))
    if (!person) throw new NotFoundError('No such person.')
    return withSsnFor(canSeeSsn(user), [person])[0]
  },
  PUT: async ({ request, params, user }) => {
    const plid = requireId(params.id, 'person')
    const { version, changes } = await readBody(request, personUpdateSchema)
    return updatePerson(getDb(), plid, version, changes, user.id)
  },
  DELETE: async ({ params, user }) => {
    const plid = requireId(params.id, 'person')
    if (!(await deletePerson(getDb(), plid, user.id))) throw new NotFoundError('No such person.')
    return { status: 'DELETED', plid }
  },
}

/**
 * POST /api/people/search {searchType: 'all' | 'firm' | 'contact', term, page, perPage, sortBy,
 * sortDesc}: the People Search columns of one page; answers result, count (at most 1000),
 * totalpages and overLimit (more than 1000 matched).
 */
export const peopleSearchApi: ApiHandlers = {
  POST: async ({ request }) => {
    const body = await readBody(request, peopleSearchBodySchema)
    return searchPeoplePage(getDb(), {
      term: body.term,
      searchType: body.searchType,
      page: body.page,
      perPage: body.perPage,
      sortBy: body.sortBy,
      sortDesc: body.sortDesc,
    })
  },
}
