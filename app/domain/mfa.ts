/**
 * Two-step sign-in (TOTP, RFC 6238) and its recovery codes (issue 10 item 2): the words every
 * screen and API answer uses, and the pure rules of a code's shape. No I/O here.
 */
export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  invalid: 'That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.',
  invalidEnrolment: 'That code is not valid. Enter the current 6-digit code your authenticator app shows for mga-desk.',
  locked: (minutes: number) =>
    `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  expired: 'The sign-in took too long. Please enter your username and password again.',
  apiRequired:
    'This account uses two-step sign-in: send the code from the authenticator app (or a recovery code) as code.',
  enrolmentRequired: 'Administrators must turn on two-step sign-in before anything else.',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-step sign-in is off.',
  alreadyEnabled: 'Two-step sign-in is already on.',
  notEnabled: 'Two-step sign-in is not on.',
} as const

export const RECOVERY_CODE_COUNT = 10
/** A pending second step lasts this long (the signed cookie's life). */
export const MFA_PENDING_SECONDS = 5 * 60

/** Spaces and dashes are ignored; letters are compared in lower case. */
export const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()

/** Six digits: an authenticator code; anything else is tried as a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(normaliseCode(code))
