import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { contactsByFirm } from '#app/models/contact.server'

/**
 * GET /api/contacts/byfid/{fid}: the contacts named by a firm's claims (adjuster, defense) and by its
 * policies and their programs, with their people. An unknown firm has none.
 */
const api = apiRoute('/api/contacts/byfid/:fid', {
  GET: ({ params }) => contactsByFirm(getDb(), requireId(params.fid, 'firm')),
})

export const loader = api.loader
export const action = api.action
