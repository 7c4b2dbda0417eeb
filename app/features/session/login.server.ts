import { redirect } from '@remix-run/node'
import { safeRedirect } from '#app/auth/guard.server'
import { homePath } from '#app/auth/home'
import { completeSignIn, refusalOf, signIn } from '#app/auth/login.server'
import { clearPendingSignIn, commitPendingSignIn, readPendingSignIn } from '#app/auth/mfa-pending.server'
import { getDb } from '#app/db/client.server'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { intent } from '#app/http/intent-action.server'
import type { PublicContext } from '#app/http/page-route.server'
import { getUserAccess } from '#app/models/user.server'
import { loginSchema, mfaCodeSchema } from '#app/schemas/auth'

export type LoginStep = 'password' | 'code'

/** /login: a signed-in user goes on to work (or to the redirectTo they came for); a pending sign-in asks for its code. */
export async function loadLogin({ request, user, url }: PublicContext): Promise<{ step: LoginStep }> {
  if (user) throw redirect(safeRedirect(url.searchParams.get('redirectTo'), homePath(user.scopeSet, user.preferences)))
  return { step: (await readPendingSignIn(request)) ? 'code' : 'password' }
}

/**
 * Sign in with the form: the password (the form without an intent), then for accounts with two-step
 * sign-in the code (`code`), carried between the two by the signed pending cookie; `restart` forgets
 * a pending sign-in. intentAction reads the body once, capped; remix-auth's form strategy is given
 * the form it read. A refusal is the intent's error (the password step's above the form, the code's
 * at its field), a throttled one with Retry-After.
 */
export const loginIntents = {
  '': intent({
    schema: loginSchema,
    hideFields: ['password'],
    handle: async ({ request, form, value }) => {
      const result = await signIn(request, { form })
      if (result.ok === 'code-required') {
        const pending = await commitPendingSignIn(request, { userId: result.user.id, redirectTo: value.redirectTo })
        return redirect('/login', { headers: { 'Set-Cookie': pending } })
      }
      if (!result.ok) throw refusalOf(result)
      return signedIn(result.user.id, result.setCookie, value.redirectTo)
    },
  }),
  code: intent({
    schema: mfaCodeSchema,
    hideFields: ['code'],
    handle: async ({ request, value }) => {
      const pending = await readPendingSignIn(request)
      // The pending sign-in is gone (expired, or never there): back to the password step.
      if (!pending) throw refusalOf({ status: 401, message: MFA_MESSAGES.expired }, { step: 'password' })
      const result = await completeSignIn(request, pending.userId, value.code)
      if (!result.ok) throw refusalOf(result, { field: 'code' })
      return signedIn(result.user.id, result.setCookie, pending.redirectTo, await clearPendingSignIn(request))
    },
  }),
  restart: intent({
    handle: async ({ request }) => redirect('/login', { headers: { 'Set-Cookie': await clearPendingSignIn(request) } }),
  }),
}

async function signedIn(userId: number, sessionCookie: string, redirectTo: string | undefined, ...more: string[]) {
  const access = await getUserAccess(getDb(), userId)
  const headers = new Headers({ 'Set-Cookie': sessionCookie })
  for (const cookie of more) headers.append('Set-Cookie', cookie)
  return redirect(safeRedirect(redirectTo, homePath(access.scopes, access.preferences)), { headers })
}
