import { z } from 'zod'
import { REPORT_FIRST_YEAR } from '#app/domain/reports'
import { RENEWAL_COLUMNS, RENEWAL_DEFAULT_PAGE_SIZE } from '#app/domain/renewal'
import { commaList, FIELD_REQUIRED, optionalText, requiredText } from './fields'

const choices = z.array(z.string().trim().min(1).max(40), { error: FIELD_REQUIRED }).min(1, FIELD_REQUIRED).max(20)

const monthField = z.coerce
  .number({ error: FIELD_REQUIRED })
  .int('Month must be 1 to 12')
  .min(1, 'Month must be 1 to 12')
  .max(12, 'Month must be 1 to 12')

/** Spec 3 §5: years 2005 to next year (`today` is the office's date, YYYY-MM-DD). */
const yearField = (today: string) => {
  const last = Number(today.slice(0, 4)) + 1
  const message = `Year must be ${REPORT_FIRST_YEAR} to ${last}`
  return z.coerce.number({ error: FIELD_REQUIRED }).int(message).min(REPORT_FIRST_YEAR, message).max(last, message)
}

/**
 * The Renewal form (GET, spec 3 §2.11, §5): carrier optional; prior carrier, type, firm type, month and
 * year required. Type and firm type are lists (the API's `types` and `firmTypes`).
 */
export const renewalFormSchema = (today: string) =>
  z.object({
    carrier: optionalText(40),
    prevCarrier: requiredText(FIELD_REQUIRED, 40),
    types: choices,
    firmTypes: choices,
    month: monthField,
    year: yearField(today),
  })

/** GET /api/reports/renewals and GET /api/policies/renewals (spec 3 §7), with the table's paging and sort. */
export const renewalQuerySchema = (today: string) =>
  z.object({
    carrier: optionalText(40),
    prevCarrier: requiredText(FIELD_REQUIRED, 40),
    types: commaList.pipe(choices),
    firmTypes: commaList.pipe(choices),
    month: monthField,
    year: yearField(today),
    page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
    perPage: z.coerce.number().int().min(1).max(100, 'perPage is at most 100').default(RENEWAL_DEFAULT_PAGE_SIZE),
    sortBy: z.enum(RENEWAL_COLUMNS, { error: `sortBy takes ${RENEWAL_COLUMNS.join(', ')}` }).default('incept'),
    sortDesc: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
