import { redirect } from '@remix-run/node'
import { signOut } from '#app/auth/login.server'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'

export const LOGGED_OUT_MESSAGE = 'You have been logged out.'

/**
 * Ends the request's own session (Manual Logout) and answers the header that clears its cookie: what
 * the user asked for with Log out (the /logout form, GET or POST /api/auth/logout), never a refusal
 * (a refusal that signs out is the page factory's `refuse`, through refusePage).
 */
export function endOwnSession(request: Request): Promise<string> {
  // eslint-disable-next-line no-restricted-syntax -- logging out is this call's purpose, not a refusal
  return signOut(request)
}

/** GET /logout changes nothing: it lands on the login page, which sends a still-signed-in user back to work. */
export function loadLogout() {
  return redirect('/login')
}

/** Signing out changes state, so it is a POST (the menu's and the sign-in cards' Log out are forms). */
export const logoutIntents = {
  '': intent({
    handle: async ({ request }) =>
      redirectWithFlash(
        '/login',
        { message: LOGGED_OUT_MESSAGE, kind: 'info' },
        { headers: { 'Set-Cookie': await endOwnSession(request) } },
      ),
  }),
}
