import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { LoginPage, loginMeta } from '#app/features/session/login-page'
import { loadLogin, loginAction } from '#app/features/session/login.server'

// /login is public (registry: PUBLIC); the loader sends a signed-in user on to work.
export const meta = loginMeta

export async function loader({ request }: LoaderFunctionArgs) {
  return loadLogin(request)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, context)
}

export default LoginPage
