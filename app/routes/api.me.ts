import { minutesToParts } from '#app/domain/interval'
import { apiRoute } from '#app/http/api-route.server'

// GET /api/me: the signed-in user (spec 1 §7).
const api = apiRoute('/api/me', {
  GET: ({ user }) => ({
    id: user.id,
    username: user.username,
    auth_groups: user.authGroups,
    timeout: minutesToParts(user.timeoutMinutes),
    // Beyond the spec's fields: the client's session store keeps the user's scopes (spec 1 §3).
    scopes: user.scopes,
  }),
})

export const loader = api.loader
export const action = api.action
