import { data, redirect } from '@remix-run/node'
import { loginOptions } from '#app/auth/authenticator.server'
import { clientIp } from '#app/auth/client-ip'
import { refusalOf } from '#app/auth/login.server'
import {
  checkSecondFactor,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
} from '#app/auth/mfa.server'
import { getConfig } from '#app/config.server'
import { getDb } from '#app/db/client.server'
import { StateConflictError } from '#app/domain/errors'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { redirectWithFlash } from '#app/http/flash.server'
import { intent } from '#app/http/intent-action.server'
import type { PageContext } from '#app/http/page-route.server'
import { disableMfa, enableMfa, getMfaState, pendingSecret } from '#app/models/mfa.server'
import { LoginError, verifyLogin } from '#app/models/user.server'
import { mfaConfirmSchema, mfaDisableSchema, mfaStartSchema } from '#app/schemas/mfa'

/** Groups a base32 secret in fours, as people type it into an authenticator app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/**
 * /mfa: with two-step sign-in off, the enrolment once started (the secret kept until a code from it is
 * confirmed, its QR code made on the server, the secret as text) or the button that starts it; with it
 * on, how many recovery codes are left and the form that turns it off. Opening the page writes nothing.
 */
export async function loadMfa({ user }: PageContext) {
  const db = getDb()
  const state = await getMfaState(db, user.id)
  const required = user.isAdmin && getConfig().REQUIRE_MFA_FOR_ADMIN
  if (state?.enabled) {
    return { enabled: true as const, username: user.username, required, recoveryCodesLeft: state.recoveryCodesLeft }
  }
  const secret = state?.secret
  if (!secret) return { enabled: false as const, username: user.username, required, enrolment: null }
  return {
    enabled: false as const,
    username: user.username,
    required,
    enrolment: { secret: grouped(secret), qrCode: await qrCodeDataUrl(otpauthUri(user.username, secret)) },
  }
}

/**
 * The page's forms, told apart by `intent`: `start` (keeps a new secret for the enrolment), `confirm` (a code from the new secret turns it on and
 * answers the recovery codes, once) and `disable` (the current password and a code). A wrong code or
 * password is refused at its field (a throttled one, 429, with Retry-After); a state that changed
 * meanwhile (already on, no longer on) is a 409 above the form.
 */
export const mfaIntents = {
  start: intent({
    schema: mfaStartSchema,
    handle: async ({ user }) => {
      // A secret already pending is kept (a second start, another tab): the app scanned stays right.
      await pendingSecret(getDb(), user.id, newTotpSecret())
      return redirect('/mfa')
    },
  }),
  confirm: intent({
    schema: mfaConfirmSchema,
    handle: async ({ request, user, value, reply }) => {
      const db = getDb()
      const state = await getMfaState(db, user.id)
      if (!state || state.enabled || !state.secret) throw new StateConflictError(MFA_MESSAGES.alreadyEnabled)
      const checked = await checkSecondFactor(
        db,
        { id: user.id, secret: state.secret },
        value.code,
        clientIp(request),
        {
          allowRecovery: false,
          invalidMessage: MFA_MESSAGES.invalidEnrolment,
        },
      )
      if (!checked.ok) throw refusalOf(checked, { field: 'code' })
      const codes = newRecoveryCodes()
      if (!(await enableMfa(db, user.id, codes.map(hashRecoveryCode))))
        throw new StateConflictError(MFA_MESSAGES.alreadyEnabled)
      // Shown once, in this answer only: the database keeps their hashes.
      return data({ intent: 'confirm', result: reply({ resetForm: true }), recoveryCodes: codes })
    },
  }),
  disable: intent({
    schema: mfaDisableSchema,
    hideFields: ['currentPassword', 'code'],
    handle: async ({ request, user, value }) => {
      const db = getDb()
      const state = await getMfaState(db, user.id)
      if (!state?.enabled) throw new StateConflictError(MFA_MESSAGES.notEnabled)
      try {
        await verifyLogin(db, user.username, value.currentPassword, loginOptions(clientIp(request)))
      } catch (error) {
        if (!(error instanceof LoginError)) throw error
        const message = error.status === 401 ? 'The current password is not correct.' : error.message
        throw refusalOf(
          { status: error.status, message, retryAfterSeconds: error.retryAfterSeconds },
          { field: 'currentPassword' },
        )
      }
      const checked = await checkSecondFactor(db, { id: user.id, secret: state.secret }, value.code, clientIp(request))
      if (!checked.ok) throw refusalOf(checked, { field: 'code' })
      await disableMfa(db, user.id)
      return redirectWithFlash('/mfa', { message: MFA_MESSAGES.disabled, kind: 'success' })
    },
  }),
}
