import { createCookie } from '@remix-run/node'

export const SESSION_COOKIE = 'mga_session'
/** Over HTTPS the cookie is `__Host-` prefixed: the browser keeps it only if Secure, host-only and Path=/. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

/**
 * A cookie signed with SESSION_SECRET, HTTP-only, SameSite=Lax, for the whole site (the session's,
 * and the sign-in's pending MFA step's with its `maxAge`).
 */
export function signedCookie(name: string, options: { maxAge?: number } = {}) {
  const secret = process.env.SESSION_SECRET
  if (!secret) throw new Error('SESSION_SECRET is not set: start the app with `npm start`.')
  // Several secrets (comma separated) allow rotation: the first signs, all verify.
  return createCookie(name, {
    secrets: secret
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    ...options,
  })
}

const cookies = new Map<string, ReturnType<typeof createCookie>>()
function getCookie(secure: boolean) {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
  let cookie = cookies.get(name)
  if (!cookie) cookies.set(name, (cookie = signedCookie(name)))
  return cookie
}

/**
 * HTTPS as the browser sees it: the request's own scheme, which the server takes from the trusted
 * proxy's X-Forwarded-Proto when TRUST_PROXY is set (and never from a client otherwise).
 */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return (
    Number(process.env.TRUST_PROXY ?? 0) > 0 &&
    request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  )
}

/** The session token from the signed cookie, or null when absent or tampered with. */
export async function readSessionToken(request: Request): Promise<string | null> {
  // Over HTTPS only the __Host- cookie counts (a plain one could have been planted by a sibling host).
  const value: unknown = await getCookie(isHttps(request)).parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

export function commitSessionToken(request: Request, token: string): Promise<string> {
  const secure = isHttps(request)
  return getCookie(secure).serialize(token, { secure })
}

export function clearSessionCookie(request: Request): Promise<string> {
  const secure = isHttps(request)
  return getCookie(secure).serialize('', { maxAge: 0, expires: new Date(0), secure })
}
