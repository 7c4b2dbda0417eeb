import { parseForm } from '#app/http/conform.server'
import { data } from '@remix-run/node'
import { loginOptions } from '#app/auth/authenticator.server'
import { clientIp } from '#app/auth/client-ip'
import type { CurrentUser } from '#app/auth/guard.server'
import { retryAfterHeaders } from '#app/auth/login.server'
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
import { MFA_MESSAGES } from '#app/domain/mfa'
import { redirectWithFlash } from '#app/http/flash.server'
import { readFormData } from '#app/http/form.server'
import { disableMfa, enableMfa, getMfaState, pendingSecret } from '#app/models/mfa.server'
import { LoginError, verifyLogin } from '#app/models/user.server'
import { mfaConfirmSchema, mfaDisableSchema } from '#app/schemas/mfa'

/** Groups a base32 secret in fours, as people type it into an authenticator app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

/**
 * /mfa: with two-step sign-in off, the enrolment (a secret kept until a code from it is confirmed,
 * its QR code made on the server, the secret as text); with it on, how many recovery codes are left
 * and the form that turns it off.
 */
export async function loadMfa(user: CurrentUser) {
  const db = getDb()
  const state = await getMfaState(db, user.id)
  const required = user.isAdmin && getConfig().REQUIRE_MFA_FOR_ADMIN
  if (state?.enabled) {
    return { enabled: true as const, username: user.username, required, recoveryCodesLeft: state.recoveryCodesLeft }
  }
  const secret = (await pendingSecret(db, user.id, newTotpSecret())) ?? newTotpSecret()
  const uri = otpauthUri(user.username, secret)
  return {
    enabled: false as const,
    username: user.username,
    required,
    secret: grouped(secret),
    qrCode: await qrCodeDataUrl(uri),
  }
}

/** The page's two forms, told apart by `intent`: `confirm` (a code from the new secret) and `disable`. */
export async function mfaAction(request: Request, user: CurrentUser) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'disable') return disable(request, user, form)
  if (intent === 'confirm') return confirm(request, user, form)
  return data({ intent: 'unknown' as const, result: undefined, recoveryCodes: null }, { status: 400 })
}

async function confirm(request: Request, user: CurrentUser, form: FormData) {
  const submission = parseForm(form, { schema: mfaConfirmSchema })
  if (submission.status !== 'success')
    return data({ intent: 'confirm' as const, result: submission.reply(), recoveryCodes: null }, { status: 400 })
  const db = getDb()
  const state = await getMfaState(db, user.id)
  if (!state || state.enabled || !state.secret) {
    return data(
      {
        intent: 'confirm' as const,
        result: submission.reply({ formErrors: [MFA_MESSAGES.alreadyEnabled] }),
        recoveryCodes: null,
      },
      { status: 409 },
    )
  }
  const checked = await checkSecondFactor(
    db,
    { id: user.id, secret: state.secret },
    submission.value.code,
    clientIp(request),
    {
      allowRecovery: false,
      invalidMessage: MFA_MESSAGES.invalidEnrolment,
    },
  )
  if (!checked.ok) {
    return data(
      {
        intent: 'confirm' as const,
        result: submission.reply({ fieldErrors: { code: [checked.message] } }),
        recoveryCodes: null,
      },
      { status: checked.status, headers: retryAfterHeaders(checked) },
    )
  }
  const codes = newRecoveryCodes()
  if (!(await enableMfa(db, user.id, codes.map(hashRecoveryCode)))) {
    return data(
      {
        intent: 'confirm' as const,
        result: submission.reply({ formErrors: [MFA_MESSAGES.alreadyEnabled] }),
        recoveryCodes: null,
      },
      { status: 409 },
    )
  }
  // Shown once, in this answer only: the database keeps their hashes.
  return data({ intent: 'confirm' as const, result: submission.reply({ resetForm: true }), recoveryCodes: codes })
}

async function disable(request: Request, user: CurrentUser, form: FormData) {
  const hide = ['currentPassword', 'code']
  const submission = parseForm(form, { schema: mfaDisableSchema })
  if (submission.status !== 'success')
    return data(
      { intent: 'disable' as const, result: submission.reply({ hideFields: hide }), recoveryCodes: null },
      { status: 400 },
    )
  const db = getDb()
  const state = await getMfaState(db, user.id)
  if (!state?.enabled) {
    return data(
      {
        intent: 'disable' as const,
        result: submission.reply({ formErrors: [MFA_MESSAGES.notEnabled], hideFields: hide }),
        recoveryCodes: null,
      },
      { status: 409 },
    )
  }
  try {
    await verifyLogin(db, user.username, submission.value.currentPassword, loginOptions(clientIp(request)))
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    const message = error.status === 401 ? 'The current password is not correct.' : error.message
    return data(
      {
        intent: 'disable' as const,
        result: submission.reply({ fieldErrors: { currentPassword: [message] }, hideFields: hide }),
        recoveryCodes: null,
      },
      { status: error.status, headers: retryAfterHeaders(error) },
    )
  }
  const checked = await checkSecondFactor(
    db,
    { id: user.id, secret: state.secret },
    submission.value.code,
    clientIp(request),
  )
  if (!checked.ok) {
    return data(
      {
        intent: 'disable' as const,
        result: submission.reply({ fieldErrors: { code: [checked.message] }, hideFields: hide }),
        recoveryCodes: null,
      },
      { status: checked.status, headers: retryAfterHeaders(checked) },
    )
  }
  await disableMfa(db, user.id)
  return redirectWithFlash('/mfa', { message: MFA_MESSAGES.disabled, kind: 'success' })
}
