import { z } from 'zod'
import { FILE_TYPE_CODES, FILE_TYPE_NAMES, type FileTypeName } from '#app/domain/files'
import { commaList, typedText, idField, versionField } from './fields'

const typeCode = z.coerce
  .number({ error: 'file_type must be a file type code' })
  .int()
  .refine((code) => Object.values(FILE_TYPE_CODES).includes(code as never), 'file_type must be 1, 3, 6 or 17')

/** PUT /api/file_objects/{id} and the firm Files tab's edit panel (its constraints are generated: `fileEdit`). */
export const fileEditSchema = z.object({
  file_description: z.preprocess(
    typedText,
    z.string({ error: 'Required' }).trim().min(1, 'Required').max(500, 'At most 500 characters'),
  ),
  file_type: typeCode,
})

export const fileIdSchema = idField()

/** PUT /api/file_objects/{id}: the edit form's fields, with the version read when the caller has it. */
export const filePutSchema = fileEditSchema.extend({
  version: versionField.optional(),
})

/** POST /api/file_objects: the firm the files are for. */
export const fileUploadTargetSchema = z.object({ fid: idField('a firm id is required.') })

export const FILE_TYPE_REFUSED_CODE = 'file_type must be 1, 3, 6 or 17 (Admin, Form, Other, Original).'

/** A type given as its code (6) or its name (Other), any case; absent means Other (spec 2 §2.7); null for neither. */
export function fileTypeNameOf(raw: string | undefined): FileTypeName | null {
  if (!raw) return 'Other'
  const byCode = FILE_TYPE_NAMES[Number(raw)]
  if (byCode) return byCode
  return (
    (Object.keys(FILE_TYPE_CODES) as FileTypeName[]).find((name) => name.toLowerCase() === raw.trim().toLowerCase()) ??
    null
  )
}

/**
 * GET /api/file_objects/forms: `fields` and `orders`, comma lists from the model's whitelists (passed
 * in); `-field` sorts descending.
 */
export function fileListQuerySchema<Field extends string, Order extends string>(lists: {
  fields: readonly Field[]
  orders: readonly Order[]
}) {
  return z.object({
    fields: commaList
      .refine(
        (names) => names.every((name) => (lists.fields as readonly string[]).includes(name)),
        `fields must be among ${lists.fields.join(', ')}`,
      )
      .transform((names) => names as Field[]),
    orders: commaList
      .refine(
        (names) => names.every((name) => (lists.orders as readonly string[]).includes(name.replace(/^-/, ''))),
        `orders must name fields among ${lists.orders.join(', ')}`,
      )
      .transform((names) =>
        names.map((name) => ({ field: name.replace(/^-/, '') as Order, desc: name.startsWith('-') })),
      ),
  })
}
