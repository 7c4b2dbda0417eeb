import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { claimLogs, getClaim } from '#app/models/claim.server'

/** GET /api/claims/{id}/logs: who changed what on the claim and its ledger, newest first. */
const route = apiRoute('/api/claims/:id/logs', {
  GET: async ({ params }) => {
    const clid = requireId(params.id, 'claim')
    if (!(await getClaim(getDb(), clid))) throw new NotFoundError('No such claim.')
    return claimLogs(getDb(), clid)
  },
})

export const loader = route.loader
export const action = route.action
