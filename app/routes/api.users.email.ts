import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { userEmail } from '#app/models/note-editor.server'
import { usernameQuery } from '#app/schemas/note-editor-api'

/** GET /api/users/email?username=: the user's email, long name and whether they may sign (404 for no such user). */
const api = apiRoute('/api/users/email', {
  GET: async ({ request }) => {
    const { username } = readQuery(request, usernameQuery)
    const found = await userEmail(getDb(), username)
    if (!found) throw new NotFoundError('No such user.')
    return found
  },
})

export const loader = api.loader
export const action = api.action
