import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { unisearchFirms } from '#app/models/firm.server'
import { readQuery } from '#app/http/api.server'
import { unisearchQuerySchema } from '#app/schemas/firm-search'

/** GET /api/firms/unisearch/search?search=…: firms by sort, name, phone, contact or insured, by sort. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, '/api/firms/unisearch/search')
  const { search } = readQuery(request, unisearchQuerySchema)
  const page = await unisearchFirms(getDb(), search, { unlimited: user.isAdmin, perPage: user.isAdmin ? 500 : 100 })
  return Response.json({
    result: page.result,
    count: page.count,
    totalpages: page.totalpages,
    ...(page.overLimit ? { status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit } : {}),
  })
}
