import type { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { MFA_PENDING_SECONDS } from '#app/domain/mfa'
import { isHttps, signedCookie } from './session.server'

/**
 * Between the password and the code a sign-in holds no session: only this signed cookie, which
 * names the user and expires after five minutes (the expiry is inside the signed value too, so a
 * kept cookie does not outlive it). Over HTTPS it is `__Host-` prefixed like the session cookie.
 */
const NAME = 'mga_mfa'
const cookies = new Map<string, ReturnType<typeof createCookie>>()

function cookie(secure: boolean) {
  const name = secure ? `__Host-${NAME}` : NAME
  let found = cookies.get(name)
  if (!found) {
    found = signedCookie(name, { maxAge: MFA_PENDING_SECONDS })
    cookies.set(name, found)
  }
  return found
}

const pendingSchema = z.object({
  /** The user whose password was right. */
  u: z.number().int().positive(),
  /** Expiry, epoch milliseconds. */
  x: z.number(),
  /** Where the sign-in goes once the code is right. */
  r: z.string().max(2000).optional(),
})
export interface PendingSignIn {
  userId: number
  redirectTo?: string
}

export function commitPendingSignIn(request: Request, pending: PendingSignIn): Promise<string> {
  const secure = isHttps(request)
  const value = { u: pending.userId, x: Date.now() + MFA_PENDING_SECONDS * 1000, r: pending.redirectTo }
  return cookie(secure).serialize(value, { secure })
}

/** The pending sign-in of a request, or null when absent, tampered with or expired. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const parsed = pendingSchema.safeParse(await cookie(isHttps(request)).parse(request.headers.get('Cookie')))
  if (!parsed.success || parsed.data.x < Date.now()) return null
  return { userId: parsed.data.u, redirectTo: parsed.data.r }
}

export function clearPendingSignIn(request: Request): Promise<string> {
  const secure = isHttps(request)
  return cookie(secure).serialize('', { maxAge: 0, expires: new Date(0), secure })
}
