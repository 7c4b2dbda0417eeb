// Password rules and messages shared by the schema (server) and the password page (browser).

/** A new password's length in characters, at least and at most. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const
export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  confirmationRequired: 'Password Confirmation is required',
  mismatch: 'Entered passwords do not match',
  tooShort: `The new password must be at least ${PASSWORD_LENGTH.min} characters`,
  tooLong: `The new password must be at most ${PASSWORD_LENGTH.max} characters`,
  common: 'This password is on a list of common passwords. Please choose another.',
  tooWeak:
    'This password is too easy to guess: avoid repeated characters, sequences (abc, 123), keyboard rows and common words. A few unrelated words make a strong password.',
  sameAsUsername: 'The new password must not contain your username.',
  sameAsCurrent: 'The new password must differ from the current one.',
  wrongCurrent: 'The current password is not correct.',
  success: 'Password change was successful.',
} as const
