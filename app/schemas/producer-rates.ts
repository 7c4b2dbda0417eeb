import { z } from 'zod'
import { COMMISSION_PERCENT_DECIMALS } from '#app/domain/commission'
import { percentToFraction } from '#app/domain/percent'
import { fractionText, PERCENT_INVALID, REQUIRED } from '#app/domain/billing'
import { PLACEMENT_VALUES } from '#app/domain/placement'
import { idField, readTextField, versionField } from './fields'

/**
 * Producer Rates (spec 1 §2.11, §5, §7): the page's forms (the rate typed as a percent from 0 to 100,
 * stored as a fraction rounded to 4 decimals like the commission dialog's) and the
 * `/api/producer_commissions` bodies (the rate sent as the fraction).
 */

/** A required percent: blank is 'This field is required.', anything not from 0 to 100 the spec's message. */
const percentField = () =>
  readTextField((text) => percentToFraction(text, COMMISSION_PERCENT_DECIMALS), PERCENT_INVALID).pipe(
    z.string({ error: REQUIRED }),
  )

const placementField = () => z.enum(PLACEMENT_VALUES, { error: REQUIRED })

export const rateCreateFormSchema = z.object({
  list_id: idField(REQUIRED),
  placement: placementField(),
  commission: percentField(),
})

/** The rate a form changes, at the version the page showed. */
const rateKey = { id: idField(), version: versionField }

/** Edit: the producer is fixed; the default rate's form has no placement (only its commission). */
export const rateUpdateFormSchema = z.object({
  ...rateKey,
  placement: placementField().optional(),
  commission: percentField(),
})

export const rateDeleteFormSchema = z.object(rateKey)

/** A fraction from 0 to 1 (a number or its text), stored with six decimals. */
const fractionField = () =>
  z.union([z.number(), z.string()], { error: REQUIRED }).transform((value, ctx) => {
    const text = fractionText(value)
    if (text === null) {
      ctx.addIssue({ code: 'custom', message: PERCENT_INVALID })
      return z.NEVER
    }
    return text
  })

/** true renewal, false new business, null all placements. */
const renewalField = () => z.boolean({ error: REQUIRED }).nullable()

/** POST /api/producer_commissions: list_id, commission (fraction), renewal. */
export const rateCreateBodySchema = z.object({
  list_id: idField(REQUIRED),
  commission: fractionField(),
  renewal: renewalField(),
})

/** PUT /api/producer_commissions/{id}: commission, renewal (the default rate: commission only). */
export const rateUpdateBodySchema = z.object({
  commission: fractionField(),
  renewal: renewalField().optional(),
  version: versionField.optional(),
})

/** The page's URL, read leniently: the rate in edit mode, to delete, or whose history shows. */
export const producerRatesParamsSchema = z.object({
  edit: idField().optional().catch(undefined),
  delete: idField().optional().catch(undefined),
  history: idField().optional().catch(undefined),
})
