import { getDb } from '#app/db/client.server'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { searchPeoplePage } from '#app/models/person.server'
import { peopleSearchBodySchema } from '#app/schemas/people'

/**
 * POST /api/people/search {searchType: 'all' | 'firm' | 'contact', term, page, perPage, sortBy,
 * sortDesc}: the People Search columns of one page; answers result, count (at most 1000),
 * totalpages and overLimit (more than 1000 matched).
 */
const api = apiRoute('/api/people/search', {
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
})

export const loader = api.loader
export const action = api.action
