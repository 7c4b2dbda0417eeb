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
      const result = await relogin(user, input)
      if (!result.ok) return Response.json({ status: 'INVALID_PASSWORD', message: result.message }, { status: result.status })
      return { status: 'OK', timed_out: false }
    },
  },
  { allowTimedOut: true, countActivity: false },
)

export const loader = api.loader
export const action = api.action
