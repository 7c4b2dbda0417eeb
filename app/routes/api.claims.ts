import { createClaim, listClaims } from '#app/models/claim.server'
import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { readBody, readQuery } from '#app/http/api.server'
import { claimCreateSchema, claimListQuerySchema } from '#app/schemas/claims'

/** GET /api/claims (a firm's claims or all, paged) and POST /api/claims (a new claim for a firm). */
const route = apiRoute('/api/claims', {
  GET: ({ request }) => listClaims(getDb(), readQuery(request, claimListQuerySchema)),
  POST: async ({ request, user }) => {
    const { fid } = await readBody(request, claimCreateSchema)
    return Response.json(await createClaim(getDb(), fid, user.id), { status: 201 })
  },
})

export const loader = route.loader
export const action = route.action
