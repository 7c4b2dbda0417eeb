import { z } from 'zod'
import { BILLING_ALL_ROWS, BILLING_SORTS, REQUIRED } from '#app/domain/billing'
import { idField, versionField } from './fields'

/**
 * MGA Billing Entities (spec 1 §2.10, §5, §7): the page's forms and the `/api/mgas` bodies. MGA and
 * Billing MGA are both required ('This field is required.'); a contact is sent as its cid.
 */

const contactField = () => idField(REQUIRED)

export const mgaCreateFormSchema = z.object({
  contact_id: contactField(),
  billing_mga: contactField(),
})

/** A row's edit mode: a new billing MGA for the row read (its version: a lost race is refused). */
export const mgaUpdateFormSchema = z.object({
  id: idField(),
  version: versionField,
  billing_mga: contactField(),
})

export const mgaDeleteFormSchema = z.object({
  id: idField(),
  version: versionField,
})

/** POST /api/mgas: contact_id, billing_mga. */
export const mgaCreateBodySchema = mgaCreateFormSchema

/** PUT /api/mgas/{id}: billing_mga (version optional: sent, a stale one is refused with 409). */
export const mgaUpdateBodySchema = z.object({
  billing_mga: contactField(),
  version: versionField.optional(),
})

/** GET /api/mgas: the list, a page at a time when asked (perPage 1 to 1000; all by default). */
export const mgaListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  perPage: z.union([z.literal('all'), z.coerce.number().int().min(1).max(BILLING_ALL_ROWS)]).optional(),
  sortBy: z.enum(BILLING_SORTS).optional(),
  sortDesc: z.enum(['true', 'false']).optional(),
})

/** The page's URL, read leniently: paging, sort, and the row in edit mode, to delete, or whose history shows. */
export const mgaBillingParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.enum(['50', '100', '150', 'all']).catch('50'),
  sort: z.enum(BILLING_SORTS).catch('mga'),
  desc: z.enum(['0', '1']).catch('0'),
  edit: idField().optional().catch(undefined),
  delete: idField().optional().catch(undefined),
  history: idField().optional().catch(undefined),
})
