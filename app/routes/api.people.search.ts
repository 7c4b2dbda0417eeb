import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { searchPeoplePage } from '#app/models/person.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { peopleSearchBodySchema } from '#app/schemas/people'

const ROUTE = '/api/people/search'

/**
 * POST /api/people/search {searchType: 'all' | 'firm' | 'contact', term, page, perPage, sortBy,
 * sortDesc}: the People Search columns of one page; answers result, count (at most 1000),
 * totalpages and overLimit (more than 1000 matched).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['POST'])
  }
  await requireUser(request, ROUTE)
  const body = await readBody(request, peopleSearchBodySchema)
  const page = await searchPeoplePage(getDb(), { term: body.term, searchType: body.searchType, page: body.page, perPage: body.perPage, sortBy: body.sortBy, sortDesc: body.sortDesc })
  return Response.json(page)
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/*')
  return methodNotAllowed(['POST'])
}
