import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { signOut } from '#app/auth/login.server'

// GET /api/auth/logout (spec 1 §7) ends the session; the client then goes to Login.
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json({ status: 'LOGGED_OUT' }, { headers: { 'Set-Cookie': await signOut(request) } })
}

export async function action({ request }: ActionFunctionArgs) {
  return Response.json({ status: 'LOGGED_OUT' }, { headers: { 'Set-Cookie': await signOut(request) } })
}
