import { createCookie } from '@remix-run/node'

export const SESSION_COOKIE = 'mga_session'

function sessionCookie() {
  const secret = process.env.SESSION_SECRET
  if (!secret) throw new Error('SESSION_SECRET is not set: start the app with `npm start`.')
  // Several secrets (comma separated) allow rotation: the first signs, all verify.
  return createCookie(SESSION_COOKIE, {
    secrets: secret.split(',').map((s) => s.trim()).filter(Boolean),
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
  })
}

let cookie: ReturnType<typeof createCookie> | undefined
const getCookie = () => (cookie ??= sessionCookie())

function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return Number(process.env.TRUST_PROXY ?? 0) > 0 && request.headers.get('x-forwarded-proto') === 'https'
}

/** The session token from the signed cookie, or null when absent or tampered with. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await getCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

export function commitSessionToken(request: Request, token: string): Promise<string> {
  return getCookie().serialize(token, { secure: isHttps(request) })
}

export function clearSessionCookie(request: Request): Promise<string> {
  return getCookie().serialize('', { maxAge: 0, expires: new Date(0), secure: isHttps(request) })
}
