import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { apiRoute } from '#app/http/api-route.server'
import { readBody } from '#app/http/api.server'
import { requireId } from '#app/http/ids.server'
import { claimLedgerEntries, createLedgerEntry, getClaim } from '#app/models/claim.server'
import { ledgerEntrySchema } from '#app/schemas/claims'

/** GET and POST /api/claims/{id}/ledger: the claim's ledger entries; a new entry (logged). */
const route = apiRoute('/api/claims/:id/ledger', {
  GET: async ({ params }) => {
    const clid = requireId(params.id, 'claim')
    if (!(await getClaim(getDb(), clid))) throw new NotFoundError('No such claim.')
    return claimLedgerEntries(getDb(), clid)
  },
  POST: async ({ request, params, user }) => {
    const clid = requireId(params.id, 'claim')
    const input = await readBody(request, ledgerEntrySchema)
    return Response.json(await createLedgerEntry(getDb(), clid, input, user), { status: 201 })
  },
})

export const loader = route.loader
export const action = route.action
