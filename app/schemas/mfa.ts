import { z } from 'zod'
import { mfaCode } from './auth'

/** /mfa, intent start: a new secret is kept for the enrolment (a POST: opening the page changes nothing). */
export const mfaStartSchema = z.object({ intent: z.literal('start') })

/** /mfa, intent confirm: the first code from the new secret turns two-step sign-in on. */
export const mfaConfirmSchema = z.object({ intent: z.literal('confirm'), code: mfaCode })

/** /mfa, intent disable: the current password and a code (or a recovery code). */
export const mfaDisableSchema = z.object({
  intent: z.literal('disable'),
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1000, 'Password must be at most 1000 characters'),
  code: mfaCode,
})
