import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { parseWith, readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { getFirm, updateFirm } from '#app/models/firm.server'
import { apiRecord } from '#app/schemas/api-record'
import { firmPutSchema } from '#app/schemas/firm'

/**
 * GET /api/firms/{id}: the firm with its version (send it back on PUT). PUT saves the firm fields; a
 * stale version answers 409 with the current firm (the model's ConflictError).
 */
const api = apiRoute('/api/firms/:id', {
  GET: async ({ params }) => {
    const firm = await getFirm(getDb(), requireId(params.id, 'firm'))
    if (!firm) throw new NotFoundError('No such firm.')
    return firm
  },
  PUT: async ({ request, params, user }) => {
    const fid = requireId(params.id, 'firm')
    const { version, ...changes } = parseWith(firmPutSchema, await readBody(request, apiRecord))
    return updateFirm(getDb(), fid, version, changes, user.id)
  },
})

export const loader = api.loader
export const action = api.action
