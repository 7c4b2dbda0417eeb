import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/auth/guard.server'
import { clientIp } from '#app/auth/client-ip'
import { retryAfterHeaders } from '#app/auth/login.server'
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
  const result = await relogin(request, user, input, clientIp(request))
  if (!result.ok) {
    const status = result.status === 429 ? 'LOCKED' : 'INVALID_PASSWORD'
    return Response.json({ status, message: result.message }, { status: result.status, headers: retryAfterHeaders(result) })
  }
  return Response.json({ status: 'OK', timed_out: false }, { headers: result.setCookie ? { 'Set-Cookie': result.setCookie } : undefined })
}
