import { z } from 'zod'
import { MFA_MESSAGES } from '#app/domain/mfa'
import { PASSWORD_LENGTH, PASSWORD_MESSAGES } from '#app/domain/password-rules'
import { boundedText } from './query'

export const REQUIRED = 'This field is required.'

export const loginSchema = z.object({
  username: boundedText(100, { required: 'Username is required', tooLong: 'Username must be at most 100 characters' }),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1000, 'Password must be at most 1000 characters'),
  redirectTo: z.string().max(2000).optional(),
})
export type LoginInput = z.infer<typeof loginSchema>

/** A second-step code: six digits from the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const mfaCode = boundedText(40, { required: MFA_MESSAGES.codeRequired, tooLong: MFA_MESSAGES.invalid })

/** The login page's second step (and POST /api/auth/login's optional `code`). */
export const mfaCodeSchema = z.object({ code: mfaCode })

export { PASSWORD_MESSAGES }

const newPassword = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  .min(1, PASSWORD_MESSAGES.newRequired)
  .min(PASSWORD_LENGTH.min, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_LENGTH.max, PASSWORD_MESSAGES.tooLong)

const currentPassword = z
  .string({ error: PASSWORD_MESSAGES.currentRequired })
  .min(1, PASSWORD_MESSAGES.currentRequired)
  .max(1000, 'Password must be at most 1000 characters')

/** Changing one's own password (the /password page and PUT /api/users/{id}/password). */
export const passwordChangeSchema = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword: z
      .string({ error: PASSWORD_MESSAGES.confirmationRequired })
      .min(1, PASSWORD_MESSAGES.confirmationRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  })
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>

/** The API's body: the confirmation is optional there (a client that sends it gets it checked). */
export const passwordChangeApiSchema = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword: z.string().optional(),
  })
  .strict()
  .refine((value) => value.confirmPassword === undefined || value.newPassword === value.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  })
