import { percentToFraction } from '#app/domain/percent'
import { z } from 'zod'
import { parseIsoDate } from '#app/domain/dates'
import { parseScaled } from '#app/domain/money'
import {
  DEFAULT_ROUNDING,
  decimalsOf,
  TAX_FIELDS,
  TAX_MESSAGES,
  TAXED_FEE_OPTIONS,
  taxedFeesValid,
} from '#app/domain/tax-rates'
import { idField, optionalIdField, readTextField, requiredText, typedText } from './fields'

/**
 * The State Rates forms and the /api/taxes bodies (spec 1 §5, §7): one schema for the screen (rates
 * typed as percents) and the API (rates sent as the fractions the calculator reads).
 */

const M = TAX_MESSAGES

/** JSON may send numbers: read as their text; blank is absent. */
const text = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value === null ? undefined : typedText(value)

/** A YYYY-MM-DD date ('Must be a valid date.'), required ('This field is required.') unless optional. */
const dateText = z.preprocess(
  text,
  z
    .string({ error: M.required })
    .trim()
    .transform((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: M.required })
      else if (parseIsoDate(value) === null) ctx.addIssue({ code: 'custom', message: M.date })
      else return value
      return z.NEVER
    }),
)
export const taxDate = () => dateText
export const optionalTaxDate = () =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    dateText.optional().transform((value) => value ?? null),
  )

const NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/

/** Why a typed number is refused (not numeric, or negative; -0 is 0), or null. */
const numberProblem = (value: string) =>
  !NUMBER.test(value) ? M.numeric : value.startsWith('-') && parseScaled(value, 6) !== 0n ? M.positive : null

/** A number typed (or sent): numeric, not negative, and without the `problem` it may have; blank is null. */
const optionalNumber = (problem: (value: string) => string | null) => {
  const refusal = (value: string) => numberProblem(value) ?? problem(value)
  return readTextField(
    (value) => (refusal(value) ? null : value.replace(/^-/, '')),
    (value) => refusal(value) ?? '',
    text,
  )
}

/** The screen's rate: a percent below 100 with at most four decimals, stored as its fraction. */
const percentRate = optionalNumber((value) =>
  decimalsOf(value) > 4 ? M.tooPrecise : Number(value) >= 100 ? M.rateTooHigh : null,
).transform((value) => (value === null ? null : percentToFraction(value, 4)))

/** The API's rate: the fraction itself (0.0485), below 1, at most six decimals. */
const fractionRate = optionalNumber((value) =>
  decimalsOf(value) > 6 ? M.tooPrecise : Number(value) >= 1 ? M.rateTooHigh : null,
)

/** Dollars, at most two decimals. */
const flat = optionalNumber((value) => (decimalsOf(value) > 2 || Number(value) >= 1e12 ? M.numeric : null))

const FEE_VALUES = TAXED_FEE_OPTIONS.map((option) => option.value) as [string, ...string[]]

/** Checkboxes of one name: none, one (a string) or several; All excludes the others. */
const taxedFees = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.enum(FEE_VALUES, { error: M.required }))
    .max(FEE_VALUES.length)
    .transform((fees) => [...new Set(fees)])
    .refine(taxedFeesValid, M.allAlone),
)

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean())

const field = z.preprocess(text, z.enum(TAX_FIELDS, { error: M.required }))
const state = z.preprocess(
  text,
  z
    .string({ error: M.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, M.required),
)
const round = z.preprocess(
  text,
  z.string({ error: M.required }).trim().min(1, M.required).max(20, M.required).default(DEFAULT_ROUNDING),
)

function rateBody<R extends z.ZodType<string | null>>(rate: R, roundRequired: boolean) {
  return z.object({
    state,
    entity: requiredText(M.required, 100),
    rate,
    flat,
    taxed_fees: taxedFees,
    round: roundRequired
      ? z.preprocess(text, z.string({ error: M.required }).trim().min(1, M.required).max(20))
      : round,
    admitted: checkbox.optional().transform((value) => value ?? false),
    field,
    start_date: taxDate(),
    end_date: optionalTaxDate(),
  })
}

const rateOrFlat = (value: { rate: string | null; flat: string | null }) => value.rate !== null || value.flat !== null

/**
 * The screen's create and update form (rates as percents). `current` is the rate an update replaces
 * (none for a create): the save is refused if that is no longer the current rate of the field.
 */
export const taxRateFormSchema = rateBody(percentRate, true)
  .extend({ current: optionalIdField() })
  .refine(rateOrFlat, { message: M.rateOrFlat, path: ['rate'] })
export type TaxRateForm = z.infer<typeof taxRateFormSchema>

/** POST /api/taxes: the rate as a fraction; an update when the state's field has a current rate. */
export const taxRateBodySchema = rateBody(fractionRate, false).refine(rateOrFlat, {
  message: M.rateOrFlat,
  path: ['rate'],
})
export type TaxRateBody = z.infer<typeof taxRateBodySchema>

/** Add end date (the screen's form). */
export const taxEndFormSchema = z.object({ id: idField(), end_date: taxDate() })
/** Remove end date and delete (the screen's forms). */
export const taxIdFormSchema = z.object({ id: idField() })

/** PUT /api/taxes/{id}: an end date, or null to remove it. */
export const taxEndBodySchema = z.object({
  end_date: z.union([z.null(), taxDate()]),
})

/** GET /api/taxes: optional date={date} or period={start},{end}. */
export const taxListQuerySchema = z
  .object({
    date: taxDate().optional(),
    period: z
      .string()
      .max(40)
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined
        const [from, to, ...rest] = value.split(',').map((part) => part.trim())
        if (!from || !to || rest.length || !parseIsoDate(from) || !parseIsoDate(to) || from > to) {
          ctx.addIssue({ code: 'custom', message: M.date })
          return z.NEVER
        }
        return { from, to }
      }),
  })
  .refine((query) => !(query.date && query.period), { message: 'Send date or period, not both.' })

/** The screen's view: Year (default) or Date, as the GET form sends it. */
export const taxViewSchema = z.object({
  view: z.enum(['year', 'date']).catch('year'),
  year: z.coerce.number().int().min(2020).max(9999).optional().catch(undefined),
  date: z.string().optional(),
})
