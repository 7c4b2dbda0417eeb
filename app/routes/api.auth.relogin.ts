import { clientIp } from '#app/auth/client-ip'
import { retryAfterHeaders } from '#app/auth/login.server'
import { relogin } from '#app/auth/relogin.server'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { reloginSchema } from '#app/schemas/session'

// POST /api/auth/relogin {password, sessionNotesType, sessionNotes}
const api = apiRoute(
  '/api/auth/relogin',
  {
    POST: async ({ request, user }) => {
      const input = await readBody(request, reloginSchema)
      const result = await relogin(request, user, input, clientIp(request))
      if (!result.ok) {
        const status = result.status === 429 ? 'LOCKED' : 'INVALID_PASSWORD'
        return Response.json(
          { status, message: result.message },
          { status: result.status, headers: retryAfterHeaders(result) },
        )
      }
      // A new session token (set here) replaces the one used before the timeout.
      return Response.json(
        { status: 'OK', timed_out: false },
        { headers: result.setCookie ? { 'Set-Cookie': result.setCookie } : undefined },
      )
    },
  },
  { allowTimedOut: true, countActivity: false },
)

export const loader = api.loader
export const action = api.action
