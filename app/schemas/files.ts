import { z } from 'zod'
import { FILE_TYPE_CODES } from '#app/domain/files'
import { typedText, idField, versionField } from './fields'

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
