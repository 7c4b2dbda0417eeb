import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { userEmail } from '#app/models/note-editor.server'
import { readQuery } from '#app/http/api.server'
import { usernameQuery } from '#app/schemas/note-editor-api'

const ROUTE = '/api/users/email'

/** GET /api/users/email?username=: the user's email, long name and whether they may sign (404 for no such user). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const { username } = readQuery(request, usernameQuery)
  const user = await userEmail(getDb(), username)
  if (!user) return apiError(404, 'NOT_FOUND', 'No such user.')
  return Response.json(user)
}
