import { z } from 'zod'
import { LOSS_RUN_FIELDS, type LossRunField } from '#app/domain/loss-run'
import { FIELD_REQUIRED, queryList, requiredText } from './fields'

/** Spec 3 §5: FID, Carrier and Type are required ('Field is required'). */
export const FID_FORMAT_MESSAGE = 'FID must be a firm id (digits only)'

const fidField = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, FIELD_REQUIRED)
  .regex(/^\d{1,9}$/, FID_FORMAT_MESSAGE)
  .transform(Number)
  .refine((fid) => fid > 0, FID_FORMAT_MESSAGE)

const toggle = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on')

/** The Loss Run form (GET, spec 3 §2.10): the firm, carrier and type, and the three column toggles. */
export const lossRunFormSchema = z.object({
  fid: fidField,
  carrier: requiredText(FIELD_REQUIRED, 40),
  type: requiredText(FIELD_REQUIRED, 40),
  premium: toggle,
  reserves: toggle,
  monitor: toggle,
})

/** GET /api/reports/loss-run (spec 3 §7): fid, type, carrier, and `fields` (the shown columns; absent: all). */
export const lossRunQuerySchema = z.object({
  fid: fidField,
  carrier: requiredText(FIELD_REQUIRED, 40),
  type: requiredText(FIELD_REQUIRED, 40),
  fields: queryList
    .pipe(z.array(z.enum(LOSS_RUN_FIELDS, { error: `fields takes ${LOSS_RUN_FIELDS.join(', ')}` })))
    .optional()
    .transform((fields): LossRunField[] | undefined => fields),
})
