import { z } from 'zod'
import { idField, optionalText, versionField } from './fields'

/** The program calls of spec 3 §7 (`/api/programs…`). */

const entity = (field: string) =>
  z.preprocess((value) => (value === '' ? null : value), idField(`${field} must be a contact id`).nullable().optional())

const programFields = {
  name: optionalText(200),
  mgaid: entity('mgaid'),
  proid: entity('proid'),
  depid: entity('depid'),
  subid: entity('subid'),
  srcid: entity('srcid'),
  spnid: entity('spnid'),
  doiid: entity('doiid'),
  slaid: entity('slaid'),
  tax_type: z.enum(['SL', 'Admitted'], { error: "tax_type must be 'SL' or 'Admitted'" }).nullable().optional(),
}

/** POST /api/programs: a new program; a program without its MGA finds no commission rules, so mgaid is required. */
export const programPostSchema = z
  .object({ ...programFields, mgaid: idField('mgaid is required (a contact id)') })
  .strict()

/** POST /api/programs?action=duplicate with prid (in the query or the body). */
export const programDuplicateSchema = z.object({ prid: idField('prid must be a program id') })

/** The query of POST /api/programs: `action=duplicate` or nothing. */
export const programActionQuery = z.object({
  action: z.enum(['duplicate'], { error: "action must be 'duplicate'" }).optional(),
  prid: idField('prid must be a program id').optional(),
})

/** PUT /api/programs/{id}: the changed fields with the version read. */
export const programPutSchema = z.object(programFields).partial().extend({ version: versionField }).strict()

/** GET /api/programs/{id}?withUnderWriters=true. */
export const programGetQuery = z.object({
  withUnderWriters: z.enum(['true', 'false'], { error: "withUnderWriters must be 'true' or 'false'" }).optional(),
})

/** GET /api/programs (the spec's page 1, perPage 10000, sortIds mgaid,proid,spnid). */
export const programListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(10_000).default(10_000),
  sortIds: z.string().max(100).optional(),
})

/** DELETE /api/programs/{id}?version=. */
export const programDeleteQuery = z.object({ version: versionField })
