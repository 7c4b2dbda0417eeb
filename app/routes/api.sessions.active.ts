import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { activeSessions } from '#app/models/hours.server'

// GET /api/sessions/active?orders=username: who is signed in now, with their phones.
const api = apiRoute('/api/sessions/active', {
  GET: () => activeSessions(getDb()),
})

export const loader = api.loader
export const action = api.action
