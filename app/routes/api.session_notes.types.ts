import { getDb } from '#app/db/client.server'
import { apiRoute } from '#app/http/api-route.server'
import { listSessionNoteTypes } from '#app/models/session.server'

// GET /api/session_notes/types: the activities offered on the idle relogin form.
const api = apiRoute(
  '/api/session_notes/types',
  { GET: () => listSessionNoteTypes(getDb()) },
  { allowTimedOut: true, countActivity: false },
)

export const loader = api.loader
export const action = api.action
