import { canSeeSsn } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { deletePerson, getPerson, updatePerson, withSsnFor } from '#app/models/person.server'
import { personUpdateSchema } from '#app/schemas/people'

/**
 * GET /api/people/{id}: the person with its version (send it back on PUT). PUT saves the fields named
 * in the body (409 with the current person on a stale version); DELETE removes the person (the
 * registry's rule is the abilities' DELETE_PEOPLE_API_SCOPES: a member or a person deleter).
 */
const api = apiRoute('/api/people/:id', {
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
})

export const loader = api.loader
export const action = api.action
