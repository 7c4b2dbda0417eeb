import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { searchListTypes } from '#app/models/list.server'
import { readQuery } from '#app/http/api.server'
import { listSearchQuerySchema } from '#app/schemas/lists'

// GET /api/lists/search?search={listtype}: the entries of the list types whose name contains the text.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, '/api/lists/search')
  const { search } = readQuery(request, listSearchQuerySchema)
  return Response.json(await searchListTypes(getDb(), search))
}
