import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/models/change-log.server'
import { saveUserSettings } from '#app/models/user.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { userSettingsBodySchema } from '#app/schemas/preferences'

export function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed(['PUT'])
}

// PUT /api/v1/users/{id}: a user's own theme and preferences (role-edit may change anyone's).
// The theme reset of spec 1 §7 sends {custom_theme: null}.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, '/api/v1/users/:id')
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  const id = Number(params.id)
  if (!Number.isInteger(id) || id < 1) throw apiError(400, 'INVALID_PARAMS', 'The user id must be a positive whole number.')
  if (id !== user.id && !hasScope(user, 'role-edit')) {
    throw apiError(403, 'FORBIDDEN', 'You may change only your own settings.')
  }
  const body = await readBody(request, userSettingsBodySchema)
  try {
    await saveUserSettings(getDb(), id, { preferences: body.preferences, customTheme: body.custom_theme })
  } catch (error) {
    if (error instanceof NotFoundError) throw apiError(404, 'NOT_FOUND', 'There is no such user.')
    throw error
  }
  return Response.json({ status: 'OK' })
}
