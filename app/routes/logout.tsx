import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signOut } from '#app/auth/login.server'
import { redirectWithFlash } from '#app/http/flash.server'

// Signing out changes state, so it is a POST (the menu's logout button is a form). A GET only
// lands on the login page, which sends a still-signed-in user back to work.
export async function loader(_args: LoaderFunctionArgs) {
  return redirect('/login')
}

export async function action({ request }: ActionFunctionArgs) {
  const clear = await signOut(request)
  return redirectWithFlash(
    '/login',
    { message: 'You have been logged out.', kind: 'info' },
    { headers: { 'Set-Cookie': clear } },
  )
}
