import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { sessionLimits } from '#app/auth/guard.server'
import { CLIENT_IP_HEADER, clientIp } from '#app/auth/client-ip'
import { retryAfterHeaders, signIn } from '#app/auth/login.server'
import { getDb } from '#app/db/client.server'
import { minutesToParts } from '#app/domain/interval'
import { touchSession } from '#app/models/session.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { loginSchema, mfaCode } from '#app/schemas/auth'

export function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed(['POST'])
}

const loginBodySchema = loginSchema.pick({ username: true, password: true }).extend({ code: mfaCode.optional() })

/**
 * POST /api/auth/login {username, password, code?}: the same form strategy as the page, fed a form
 * body. An account with two-step sign-in needs `code` (authenticator or recovery code) in the same
 * call: without it the answer is 401 MFA_REQUIRED and no session is opened.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await readBody(request, loginBodySchema)
  const formRequest = new Request(request.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: request.headers.get('Cookie') ?? '',
      'User-Agent': request.headers.get('User-Agent') ?? '',
      [CLIENT_IP_HEADER]: clientIp(request),
    },
    body: new URLSearchParams({ username: body.username, password: body.password }),
  })
  const result = await signIn(formRequest, context, { code: body.code })
  if (result.ok === 'code-required') {
    return Response.json(
      { status: 'MFA_REQUIRED', message: MFA_MESSAGES.apiRequired, description: MFA_MESSAGES.apiRequired },
      { status: 401 },
    )
  }
  if (!result.ok) {
    const status = result.status === 429 ? 'LOCKED' : result.status === 403 ? 'FORBIDDEN' : 'INVALID_CREDENTIALS'
    return Response.json(
      { status, message: result.message, description: result.message },
      { status: result.status, headers: retryAfterHeaders(result) },
    )
  }
  const user = await touchSession(getDb(), result.token, { countActivity: true, limits: sessionLimits() })
  if (!user) throw new Error('The new session could not be read back.')
  return Response.json(
    {
      id: user.id,
      username: user.username,
      auth_groups: user.authGroups,
      timeout: minutesToParts(user.timeoutMinutes),
    },
    { headers: { 'Set-Cookie': result.setCookie } },
  )
}
