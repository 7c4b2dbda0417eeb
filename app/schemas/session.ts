import { z } from 'zod'
import { mfaCode, REQUIRED } from './auth'

import { DESCRIBE_ACTIVITY_TYPE } from '#app/domain/session'

export { DESCRIBE_ACTIVITY_TYPE, STILL_TIMED_OUT_MESSAGE, WRONG_PASSWORD_MESSAGE } from '#app/domain/session'

/** Idle relogin (page, dialog and POST /api/auth/relogin). */
export const reloginSchema = z
  .object({
    sessionNotesType: z.coerce.number({ error: REQUIRED }).int(REQUIRED).min(1, REQUIRED).max(1_000_000, REQUIRED),
    sessionNotes: z.string().trim().max(1000, 'At most 1000 characters.').optional(),
    password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, 'At most 1000 characters.'),
    /** Asked of accounts with two-step sign-in (the server says so when it is missing). */
    code: z.preprocess((value) => (value === '' ? undefined : value), mfaCode.optional()),
    redirectTo: z.string().max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.sessionNotesType === DESCRIBE_ACTIVITY_TYPE && !value.sessionNotes) {
      ctx.addIssue({ code: 'custom', path: ['sessionNotes'], message: REQUIRED })
    }
  })
export type ReloginInput = z.infer<typeof reloginSchema>
