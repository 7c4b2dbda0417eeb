import { canManageUsers } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { ForbiddenError } from '#app/domain/errors'
import { minutesToParts } from '#app/domain/interval'
import { readBody } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { saveUserSettings } from '#app/models/user.server'
import { userSettingsBodySchema } from '#app/schemas/preferences'

/** GET /api/me: the signed-in user (spec 1 §7). */
export const meApi: ApiHandlers = {
  GET: ({ user }) => ({
    id: user.id,
    username: user.username,
    auth_groups: user.authGroups,
    timeout: minutesToParts(user.timeoutMinutes),
    // Beyond the spec's fields: the client's session store keeps the user's scopes (spec 1 §3).
    scopes: user.scopes,
  }),
}

/**
 * PUT /api/v1/users/{id}: a user's own theme and preferences (role-edit may change anyone's). The
 * theme reset of spec 1 §7 sends {custom_theme: null}. An unknown user is a 404 (the model's NotFoundError).
 */
export const userSettingsApi: ApiHandlers = {
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'user')
    if (id !== user.id && !canManageUsers(user)) throw new ForbiddenError('You may change only your own settings.')
    const body = await readBody(request, userSettingsBodySchema)
    await saveUserSettings(getDb(), id, { preferences: body.preferences, customTheme: body.custom_theme })
    return { status: 'OK' }
  },
}
