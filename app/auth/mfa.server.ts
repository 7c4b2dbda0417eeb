import { createHash, randomBytes } from 'node:crypto'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { getConfig } from '#app/config.server'
import type { DbOrTx } from '#app/db/client.server'
import { isTotpCode, MFA_MESSAGES, normaliseCode, RECOVERY_CODE_COUNT } from '#app/domain/mfa'
import { addressKey, clearFailure, countAttempt, type ThrottleRule } from '#app/models/login-throttle.server'
import { claimTotpStep, spendRecoveryCode } from '#app/models/mfa.server'
import { LOGIN_LOCK_AFTER, LOGIN_LOCK_MINUTES } from '#app/models/user.server'

export const MFA_ISSUER = 'mga-desk'

/** A new random TOTP secret (160 bits, RFC 4226's recommended size), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32
}

function totp(secret: string, username = 'user') {
  return new OTPAuth.TOTP({
    issuer: MFA_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  })
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (username: string, secret: string) => totp(secret, username).toString()

/**
 * The QR code as an SVG data URL, made on the server: an `<img>` shows it without JavaScript and
 * under the CSP (`img-src 'self' data:`), with no inline script or style.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** The time step a code belongs to (one step of clock drift either way), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const generator = totp(secret)
  const delta = generator.validate({ token: normaliseCode(code), timestamp: now, window: 1 })
  return delta === null ? null : generator.counter({ timestamp: now }) + delta
}

/** Ten one-time recovery codes, 50 random bits each, shown once as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10)
    const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/**
 * Recovery codes are stored as SHA-256 of the normalised code: they are random (not chosen by a
 * person), so a slow hash adds nothing, and a one-statement lookup keeps the use atomic.
 */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseCode(code)).digest('hex')

export type SecondFactorResult =
  | { ok: true; usedRecoveryCode: boolean }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number }

/**
 * Checks the second step for every path (login page, API, relogin, enrolment, disabling): the
 * attempt is counted for the user's code and the client address before the code is checked, like
 * the password (429 with Retry-After past the limit); a TOTP code is accepted once (its time step
 * is claimed in one statement, so a code seen over a shoulder cannot be replayed), a recovery code
 * once.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  user: { id: number; secret: string | null },
  code: string,
  address: string,
  options: { allowRecovery?: boolean; invalidMessage?: string } = {},
): Promise<SecondFactorResult> {
  const config = getConfig()
  const keys = { user: `mfa:${user.id}`, address: addressKey(address) }
  const rules: ThrottleRule[] = [
    {
      key: keys.address,
      limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS + 1,
      windowMinutes: config.LOGIN_WINDOW_MINUTES,
      lockMinutes: config.LOGIN_WINDOW_MINUTES,
    },
    { key: keys.user, limit: LOGIN_LOCK_AFTER, windowMinutes: LOGIN_LOCK_MINUTES, lockMinutes: LOGIN_LOCK_MINUTES },
  ]
  for (const count of await countAttempt(db, rules)) {
    if (count.retryAfterSeconds === null) continue
    return {
      ok: false,
      status: 429,
      message: MFA_MESSAGES.locked(Math.max(1, Math.ceil(count.retryAfterSeconds / 60))),
      retryAfterSeconds: count.retryAfterSeconds,
    }
  }
  let accepted = false
  let usedRecoveryCode = false
  if (user.secret && isTotpCode(code)) {
    const step = totpStep(user.secret, code)
    accepted = step !== null && (await claimTotpStep(db, user.id, step))
  } else if (options.allowRecovery !== false && normaliseCode(code).length > 0) {
    accepted = usedRecoveryCode = await spendRecoveryCode(db, user.id, hashRecoveryCode(code))
  }
  if (!accepted) return { ok: false, status: 401, message: options.invalidMessage ?? MFA_MESSAGES.invalid }
  await clearFailure(db, keys)
  return { ok: true, usedRecoveryCode }
}
