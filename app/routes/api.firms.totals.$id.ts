import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { firmClaimTotals } from '#app/models/claim.server'
import { firmTitles } from '#app/models/firm.server'

/** GET /api/firms/totals/{id}: the firm's claim totals by claim year and overall (no claim date counts as today). */
const route = apiRoute('/api/firms/totals/:id', {
  GET: async ({ params }) => {
    const fid = requireId(params.id, 'firm')
    if ((await firmTitles(getDb(), [fid])).length === 0) throw new NotFoundError('No such firm.')
    return firmClaimTotals(getDb(), fid)
  },
})

export const loader = route.loader
export const action = route.action
