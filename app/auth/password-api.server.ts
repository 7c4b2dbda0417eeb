import { clientIp } from '#app/auth/client-ip'
import { retryAfterHeaders } from '#app/auth/login.server'
import { changeOwnPassword } from '#app/auth/password-change.server'
import { ForbiddenError } from '#app/domain/errors'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { PASSWORD_MESSAGES, passwordChangeApiSchema } from '#app/schemas/auth'

// PUT /api/users/{id}/password {currentPassword, newPassword, confirmPassword?}: one's own password
// only (an administrator resets others' from the Roles screen).
export const passwordApi = apiRoute('/api/users/:id/password', {
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'user')
    if (id !== user.id) throw new ForbiddenError('You may change only your own password here.')
    const input = await readBody(request, passwordChangeApiSchema)
    const result = await changeOwnPassword(user, input, clientIp(request))
    if (!result.ok) {
      const status = result.status === 429 ? 'LOCKED' : 'INVALID_PARAMS'
      return Response.json(
        { status, message: `${result.field}: ${result.message}` },
        { status: result.status, headers: retryAfterHeaders(result) },
      )
    }
    return { status: 'OK', message: PASSWORD_MESSAGES.success }
  },
})
