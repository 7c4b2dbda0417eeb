import { redirect } from '@remix-run/node'
import { redirectWithFlash } from './flash.server'
import { signOut } from '#app/auth/login.server'

/**
 * How a page refuses a user who lacks one of its abilities: the no-permission view (spec 1 §2.1), or,
 * where the spec says so (Roles without role-edit, the claim editor without claim-edit), signing the
 * user out to Login.
 */
export type PageRefusal = 'no-permission' | { signOut: string }

/** The one refusal of a page (thrown): every page factory and page loader refuses through it. */
export async function refusePage(request: Request, how: PageRefusal = 'no-permission'): Promise<never> {
  if (how === 'no-permission') throw redirect('/no-permission')
  const clear = await signOut(request)
  throw await redirectWithFlash('/login', { message: how.signOut, kind: 'error' }, { headers: { 'Set-Cookie': clear } })
}
