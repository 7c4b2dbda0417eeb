import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { deletePerson, getPerson, updatePerson, withSsnFor } from '#app/models/person.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { personUpdateSchema } from '#app/schemas/people'

const ROUTE = '/api/people/:id'

function personId(param: string | undefined): number | null {
  const plid = Number(param)
  return Number.isInteger(plid) && plid > 0 && plid < 2 ** 31 ? plid : null
}

const notFound = () => apiError(404, 'NOT_FOUND', 'No such person.')

/** GET /api/people/{id}: the person with its version (send it back on PUT). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const plid = personId(params.id)
  const person = plid ? await getPerson(getDb(), plid) : null
  if (!person) return notFound()
  return Response.json(withSsnFor(hasScope(user, 'person-edit'), [person])[0])
}

/** PUT saves the fields named in the body (409 with the current person on a stale version); DELETE removes the person. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  }
  const user = await requireUser(request, ROUTE)
  const plid = personId(params.id)
  if (!plid) return notFound()
  const db = getDb()
  if (request.method === 'DELETE') {
    if (!(await deletePerson(db, plid, user.id))) return notFound()
    return Response.json({ status: 'DELETED', plid })
  }
  const { version, changes } = await readBody(request, personUpdateSchema)
  try {
    return Response.json(await updatePerson(db, plid, version, changes, user.id))
  } catch (error) {
    if (error instanceof ConflictError) return apiError(409, 'CONFLICT', error.message, { current: error.current })
    if (error instanceof NotFoundError) return apiError(404, 'NOT_FOUND', error.message.startsWith('No person') ? 'No such person.' : error.message)
    throw error
  }
}
