import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { nuStates } from '#app/models/list.server'

// GET /api/nu-states: the 50 states and DC, name and code, by name.
const api = apiRoute('/api/nu-states', {
  GET: () => nuStates(getDb()),
})

export const loader = api.loader
export const action = api.action
