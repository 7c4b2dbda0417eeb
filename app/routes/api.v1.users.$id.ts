import { canManageUsers } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError } from '#app/domain/errors'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { saveUserSettings } from '#app/models/user.server'
import { userSettingsBodySchema } from '#app/schemas/preferences'

// PUT /api/v1/users/{id}: a user's own theme and preferences (role-edit may change anyone's).
// The theme reset of spec 1 §7 sends {custom_theme: null}. An unknown user is a 404 (the model's NotFoundError).
const api = apiRoute('/api/v1/users/:id', {
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'user')
    if (id !== user.id && !canManageUsers(user)) throw new ForbiddenError('You may change only your own settings.')
    const body = await readBody(request, userSettingsBodySchema)
    await saveUserSettings(getDb(), id, { preferences: body.preferences, customTheme: body.custom_theme })
    return { status: 'OK' }
  },
})

export const loader = api.loader
export const action = api.action
