import { z } from 'zod'
import { parseIsoDate } from '#app/domain/dates'
import { formatScaled, parseScaled } from '#app/domain/money'
import { COMMISSION_DATE_TYPES } from '#app/domain/commission'
import { COMMISSION_RULE_MESSAGES as M, RULE_PERCENT_DECIMALS } from '#app/domain/commission-dating'
import { percentToFraction } from '#app/domain/percent'
import { PLACEMENT_VALUES, placementOf, renewalOf } from '#app/domain/placement'
import { idField, optionalText, typedText, versionField } from './fields'

/**
 * The MGA Rates screen's forms and the /api/commissions bodies (spec 1 §2.9, §5, §7). The screen types
 * a percent from 0 to 100 (three decimals); the API and the database hold the fraction (percent / 100).
 */

const required = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : typedText(value)), schema)

const requiredPercent = required(
  z
    .string({ error: M.required })
    .trim()
    .transform((text, ctx) => {
      const fraction = percentToFraction(text, RULE_PERCENT_DECIMALS)
      if (fraction === null) {
        ctx.addIssue({ code: 'custom', message: M.percent })
        return z.NEVER
      }
      return fraction
    }),
)

/** The API's commission: a fraction from 0 to 1 (a number or its text). */
const apiFraction = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value === '' || value === null ? undefined : value),
  z
    .string({ error: M.required })
    .trim()
    .transform((text, ctx) => {
      const micro = parseScaled(text, 6)
      if (micro === null || micro < 0n || micro > 1_000_000n || !/^\d*\.?\d*$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: M.percent })
        return z.NEVER
      }
      return formatScaled(micro, 6, 6)
    }),
)

const isoDate = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? parseIsoDate(text) : null)

const requiredDate = required(
  z
    .string({ error: M.required })
    .trim()
    .max(10, M.date)
    .transform((text, ctx) => {
      const date = isoDate(text)
      if (!date) {
        ctx.addIssue({ code: 'custom', message: M.date })
        return z.NEVER
      }
      return date
    }),
)

const optionalDate = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .trim()
    .max(10, M.date)
    .nullable()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null
      const date = isoDate(text)
      if (!date) {
        ctx.addIssue({ code: 'custom', message: M.date })
        return z.NEVER
      }
      return date
    }),
)

const dateType = z.enum(COMMISSION_DATE_TYPES, { error: M.required })
const optionalDateType = z.preprocess(
  (value) => (value === '' ? undefined : value),
  dateType
    .nullable()
    .optional()
    .transform((value) => value ?? null),
)

/** Placement as a form sends it ('all', 'renewal', 'new'; none: all) or the API (null, true, false). */
const placement = z.preprocess(
  (value) => (typeof value === 'boolean' || value === null ? placementOf(value) : value === '' ? undefined : value),
  z
    .enum(PLACEMENT_VALUES)
    .optional()
    .transform((value) => (value === undefined ? null : renewalOf(value))),
)

const types = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value === undefined || value === null ? [] : value),
  z.array(z.string().trim().min(1).max(20), { error: M.required }).min(1, M.required).max(50, M.required),
)

const ruleFields = {
  mga_id: idField(M.required),
  carrier: required(z.string({ error: M.required }).trim().min(1, M.required).max(60)),
  types,
  renewal: placement,
  condition: optionalText(200),
  start_date: requiredDate,
  start_date_type: dateType.default('incept'),
  end_date: optionalDate,
  end_date_type: optionalDateType,
}

const endPair = <T extends { end_date: string | null; end_date_type: string | null; start_date?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.end_date && !value.end_date_type) value.end_date_type = 'incept' as T['end_date_type']
  if (!value.end_date) value.end_date_type = null
  if (value.end_date && value.start_date && value.end_date < value.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: M.date })
}

/** New commission (the dialog): the rule, its rate as a percent. */
export const commissionCreateFormSchema = z.object({ ...ruleFields, commission: requiredPercent }).superRefine(endPair)

/** POST /api/commissions: the rule body, its rate as a fraction. */
export const commissionPostSchema = z.object({ ...ruleFields, commission: apiFraction }).superRefine(endPair)

/** Change (pencil): a new rule of the same set from a start date, with a new rate; the current one ends then. */
export const commissionChangeFormSchema = z.object({
  id: idField(M.failure),
  version: versionField,
  commission: requiredPercent,
  start_date: requiredDate,
  start_date_type: dateType.default('incept'),
  condition: optionalText(200),
})

/** Add end date. */
export const commissionEndFormSchema = z.object({
  id: idField(M.failure),
  version: versionField,
  end_date: requiredDate,
  end_date_type: dateType.default('incept'),
})

/** Remove end date, delete: the rule and the version read. */
export const commissionRowFormSchema = z.object({ id: idField(M.failure), version: versionField })

/** PUT /api/commissions/{id}: end_date and end_date_type, null to remove (version optional: the latest). */
export const commissionPutSchema = z
  .object({ end_date: optionalDate, end_date_type: optionalDateType, version: versionField.optional() })
  .superRefine(endPair)

/** GET /api/commissions: date=, period=start,end, mga_id and carrier. */
export const commissionQuerySchema = z.object({
  date: optionalDate,
  period: z
    .string()
    .max(30)
    .regex(/^\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}$/, M.date)
    .optional(),
  mga_id: idField('mga_id must be a record id').optional(),
  carrier: z.string().trim().max(60).optional(),
})

/** The screen's GET form: Year (default, the current year) or Date view. */
export const commissionViewSchema = z.object({
  view: z.enum(['year', 'date']).catch('year'),
  year: z.coerce.number().int().min(2020).max(2100).optional().catch(undefined),
  date: optionalDate.catch(null),
})

/** Edit All step 1: the effective date (a GET form). */
export const editAllDateSchema = z.object({ effective: requiredDate, effective_type: dateType.default('incept') })

/** A new rate of Edit All's step 3. */
const addedRate = z.object({
  carrier: required(z.string({ error: M.required }).trim().min(1, M.required).max(60)),
  types,
  renewal: placement,
  condition: optionalText(200),
  commission: requiredPercent,
})

/** Edit All step 3: the MGA, the date, the kept rules' rates and the new rates, confirmed at once. */
export const editAllFormSchema = z.object({
  mga_id: idField(M.failure),
  effective: requiredDate,
  effective_type: dateType.default('incept'),
  kept: z
    .array(z.object({ id: idField(M.failure), commission: requiredPercent }))
    .max(500)
    .default([]),
  added: z.array(addedRate).max(20).default([]),
})
