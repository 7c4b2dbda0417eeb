import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { letterTemplates } from '#app/models/letter.server'

/**
 * GET /api/notes/forms: the Letters templates of the note editor ({id, name, body}; the body's
 * placeholders {salutation}, {firm}, {signer}, {date}, {re}, {policy} are filled by the editor).
 */
const api = apiRoute('/api/notes/forms', {
  GET: () => letterTemplates(getDb()),
})

export const loader = api.loader
export const action = api.action
