import { z } from 'zod'
import {
  BORDEREAU_DEFAULT_PAGE_SIZE,
  BORDEREAU_PAGE_SIZES,
  BORDEREAU_TYPES,
  DOWNLOAD_FORMATS,
  DOWNLOAD_LAYOUTS,
} from '#app/domain/bordereau'
import { REPORT_FIRST_YEAR, REPORT_MESSAGES } from '#app/domain/reports'
import { idField } from './fields'

/**
 * The bordereau's request (spec 3 §2.8, §5, §7): the page's GET form and POST /api/reports/bordereau
 * alike. Contract required ('Contract is required.'); for policies a month, 'all' or 1–12, required
 * ('Month is required'); an optional year from 2005 (the page's list ends at next year).
 */
const monthField = z
  .string()
  .trim()
  .regex(/^(all|[1-9]|1[0-2])$/, REPORT_MESSAGES.monthRequired)
  .optional()
const yearField = z.coerce
  .number({ error: `Year must be from ${REPORT_FIRST_YEAR}` })
  .int()
  .min(REPORT_FIRST_YEAR, `Year must be from ${REPORT_FIRST_YEAR}`)
  .max(9999)
  .optional()

const monthRequiredForPolicies = (
  value: { type?: string; queryType?: string; month?: string },
  ctx: z.RefinementCtx,
) => {
  if ((value.type ?? value.queryType) === 'policies' && !value.month)
    ctx.addIssue({ code: 'custom', path: ['month'], message: REPORT_MESSAGES.monthRequired })
}

/** The page's form (GET: the URL is the report). `large` is 'w/forms' or 'w/text'. */
const bordereauFormFields = {
  type: z.enum(BORDEREAU_TYPES).default('claims'),
  contract: idField(REPORT_MESSAGES.contractRequired),
  month: monthField,
  year: yearField,
  large: z.literal('on').optional(),
}
export const bordereauFormSchema = z.object(bordereauFormFields).superRefine(monthRequiredForPolicies)

export type BordereauForm = z.infer<typeof bordereauFormSchema>

/** The page's paging parameters, read leniently (a stale value falls back). */
export const bordereauPagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((size) => (BORDEREAU_PAGE_SIZES as readonly number[]).includes(size))
    .catch(BORDEREAU_DEFAULT_PAGE_SIZE),
})

/** POST /api/reports/bordereau: the spec's body (contract id, queryType, month, year) and a page of it. */
export const bordereauApiSchema = z
  .object({
    contract: idField(REPORT_MESSAGES.contractRequired),
    queryType: z.enum(BORDEREAU_TYPES, { error: 'queryType must be claims or policies' }),
    month: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), monthField),
    year: z.preprocess((value) => (value === '' || value === null ? undefined : value), yearField),
    large: z.boolean().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(Math.max(...BORDEREAU_PAGE_SIZES), `perPage must be at most ${Math.max(...BORDEREAU_PAGE_SIZES)}`)
      .default(BORDEREAU_DEFAULT_PAGE_SIZE),
  })
  .strict()
  .superRefine(monthRequiredForPolicies)

/** The download's query: the form's fields and the file wanted (CSV or Excel, our layout or Lloyd's). */
export const bordereauDownloadSchema = z
  .object({
    ...bordereauFormFields,
    format: z.enum(DOWNLOAD_FORMATS).default('csv'),
    layout: z.enum(DOWNLOAD_LAYOUTS).default('office'),
  })
  .superRefine(monthRequiredForPolicies)
