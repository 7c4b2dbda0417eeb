import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { relogin } from '#app/auth/relogin.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { reloginSchema } from '#app/schemas/session'

export function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed(['POST'])
}

// POST /api/auth/relogin {password, sessionNotesType, sessionNotes}
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, '/api/auth/relogin', { allowTimedOut: true, countActivity: false })
  const input = await readBody(request, reloginSchema)
  const result = await relogin(user, input)
  if (!result.ok) {
    return Response.json({ status: 'INVALID_PASSWORD', message: result.message }, { status: result.status })
  }
  return Response.json({ status: 'OK', timed_out: false })
}
