import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { states } from '#app/models/list.server'

// GET /api/states: every jurisdiction (50 states, DC, territories), code and name, by code.
const api = apiRoute('/api/states', {
  GET: () => states(getDb()),
})

export const loader = api.loader
export const action = api.action
