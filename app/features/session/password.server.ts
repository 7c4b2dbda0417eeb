import { clientIp } from '#app/auth/client-ip'
import { refusalOf } from '#app/auth/login.server'
import { changeOwnPassword } from '#app/auth/password-change.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { PASSWORD_MESSAGES, passwordChangeSchema } from '#app/schemas/auth'

/** /password: whose password, and whether a one-time password makes the change required. */
export function loadPassword({ user }: PageContext) {
  return { username: user.username, required: user.mustChangePassword === true }
}

/**
 * Change one's own password: the schema's refusals at their fields (400), then the current password
 * checked like a sign-in and the new one against the strength rules, each refusal at its field (a
 * throttled one, 429, with Retry-After); success goes home with a snackbar. No password is ever sent back.
 */
export const passwordIntents = {
  '': intent({
    schema: passwordChangeSchema,
    hideFields: ['currentPassword', 'newPassword', 'confirmPassword'],
    handle: async ({ request, user, value }) => {
      const result = await changeOwnPassword(user, value, clientIp(request))
      if (!result.ok) throw refusalOf(result, { field: result.field })
      return redirectWithFlash('/', { message: PASSWORD_MESSAGES.success, kind: 'success' })
    },
  }),
}
