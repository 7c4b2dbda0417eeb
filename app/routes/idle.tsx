import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { IdlePage, idleMeta } from '#app/features/session/idle-page'
import { IDLE_GUARD, idleAction, loadIdle } from '#app/features/session/idle.server'

const ROUTE = '/idle'

export const meta = idleMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE, IDLE_GUARD)
  return loadIdle(request, user)
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE, IDLE_GUARD)
  return idleAction(request, user)
}

export default IdlePage
