import { data, redirect } from '@remix-run/node'
import { signOut } from '#app/auth/login.server'
import { ACCESS_DENIED } from '#app/domain/errors'
import { apiError } from './errors.server'
import { redirectWithFlash } from './flash.server'
import { isSameOriginRequest } from './same-origin'

/**
 * How a page refuses a user who lacks one of its abilities: the no-permission view (spec 1 §2.1), or,
 * where the spec says so (Roles without role-edit, the claim editor without claim-edit), signing the
 * user out to Login.
 */
export type PageRefusal = 'no-permission' | { signOut: string }

/** The one refusal of a page (thrown): the page factory refuses through it. */
export async function refusePage(request: Request, how: PageRefusal = 'no-permission'): Promise<never> {
  if (how === 'no-permission') throw redirect('/no-permission')
  return refuseSigningOut(request, { message: how.signOut })
}

/**
 * A refusal that ends the session: the spec's "without claim-edit the user is logged out and sent to
 * Login" (spec 3 §2), and an account used from an address it may not use. Only a same-origin request
 * may end a session: a link or a form on another site (or a sibling site) would otherwise sign anyone
 * out who follows it. From there the answer is the refusal alone, 403 with ACCESS_DENIED (a page,
 * or the API's JSON), and the session stays. Every refusal that signs out goes through here.
 */
export async function refuseSigningOut(request: Request, refusal: { message: string; api?: boolean }): Promise<never> {
  if (!isSameOriginRequest(request)) {
    if (refusal.api) throw apiError(403, 'FORBIDDEN', ACCESS_DENIED)
    throw data({ message: ACCESS_DENIED }, { status: 403 })
  }
  const clear = await signOut(request)
  if (refusal.api) throw apiError(401, 'UNAUTHORIZED', refusal.message)
  throw await redirectWithFlash(
    '/login',
    { message: refusal.message, kind: 'error' },
    { headers: { 'Set-Cookie': clear } },
  )
}
