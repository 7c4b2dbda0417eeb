import { getDb } from '#app/db/client.server'
import { DomainError } from '#app/domain/errors'
import { HOURS_MESSAGES } from '#app/domain/hours'
import { apiRoute } from '#app/http/api-route.server'
import { activeSessions } from '#app/models/hours.server'

// GET /api/sessions/active?orders=username: who is signed in now, with their phones.
const api = apiRoute('/api/sessions/active', {
  GET: () =>
    activeSessions(getDb()).catch((error: unknown) => {
      console.error('[hours] active sessions failed', error)
      throw new DomainError(HOURS_MESSAGES.activeFailed, 'ERROR', 500)
    }),
})

export const loader = api.loader
export const action = api.action
