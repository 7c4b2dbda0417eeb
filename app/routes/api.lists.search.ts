import { getDb } from '#app/db/client.server'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { searchListTypes } from '#app/models/list.server'
import { listSearchQuerySchema } from '#app/schemas/lists'

// GET /api/lists/search?search={listtype}: the entries of the list types whose name contains the text.
const api = apiRoute('/api/lists/search', {
  GET: ({ request }) => searchListTypes(getDb(), readQuery(request, listSearchQuerySchema).search),
})

export const loader = api.loader
export const action = api.action
