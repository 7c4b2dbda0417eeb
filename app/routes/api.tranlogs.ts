import { getDb } from '#app/db/client.server'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { createTranlog } from '#app/models/tranlog.server'
import { tranlogCreateSchema } from '#app/schemas/email.server'

/**
 * POST /api/tranlogs: a log row added by hand (a fax or letter sent outside the app) on a note the
 * user may edit. Body: nid, type (email, fax, letter), status (queued, sent, failed), queued, sent,
 * note. 201 with the row; the model's NoteRuleErrors answer their status.
 */
const api = apiRoute('/api/tranlogs', {
  POST: async ({ request, user }) => {
    const body = await readBody(request, tranlogCreateSchema)
    return Response.json(
      await createTranlog(getDb(), body, { id: user.id, username: user.username, isAdmin: user.isAdmin }),
      { status: 201 },
    )
  },
})

export const loader = api.loader
export const action = api.action
