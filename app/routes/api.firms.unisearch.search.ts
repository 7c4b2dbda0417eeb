import { getDb } from '#app/db/client.server'
import { FIRM_MESSAGES } from '#app/domain/firm-search'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { unisearchFirms } from '#app/models/firm.server'
import { unisearchQuerySchema } from '#app/schemas/firm-search'

/** GET /api/firms/unisearch/search?search=…: firms by sort, name, phone, contact or insured, by sort. */
const api = apiRoute('/api/firms/unisearch/search', {
  GET: async ({ request, user }) => {
    const { search } = readQuery(request, unisearchQuerySchema)
    const page = await unisearchFirms(getDb(), search, { unlimited: user.isAdmin, perPage: user.isAdmin ? 500 : 100 })
    return {
      result: page.result,
      count: page.count,
      totalpages: page.totalpages,
      ...(page.overLimit ? { status: 'OVER_LIMIT', message: FIRM_MESSAGES.overLimit } : {}),
    }
  },
})

export const loader = api.loader
export const action = api.action
