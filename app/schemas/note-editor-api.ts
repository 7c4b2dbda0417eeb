import { z } from 'zod'
import { namedIdField } from './fields'
import { requiredParam } from './query'

/** Bodies and queries of the editor's API calls (spec 2 §7): note files, recipients, users. */

/** "a,b" or repeated keys, as numbers. */
export const idList = (name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value): unknown[] =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value])
            .flatMap((part) => part.split(','))
            .map((part) => part.trim())
            .filter(Boolean),
    )
    .pipe(z.array(namedIdField(name)).max(500, `At most 500 ${name}s`))

export const NOTE_FILE_FIELDS = [
  'loid',
  'loidfid',
  'filename',
  'content_type',
  'size',
  'file_description',
  'file_type',
  'dated',
] as const

export const noteFilesQuery = z.object({
  fields: z
    .string()
    .max(500)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    )
    .refine(
      (names) => names.every((name) => (NOTE_FILE_FIELDS as readonly string[]).includes(name)),
      `fields must be among ${NOTE_FILE_FIELDS.join(', ')}`,
    ),
})

/** POST /api/notes/{id}/files {loids}; PUT takes the whole list as an array (or {loids}). */
export const loidsBody = z.union([
  z.array(namedIdField('loid')).max(500),
  z.object({ loids: z.array(namedIdField('loid')).max(500) }).transform((body) => body.loids),
])

export const recipientRow = z.object({
  plid: namedIdField('plid'),
  to: z.boolean().optional().default(false),
  cc: z.boolean().optional().default(false),
  bcc: z.boolean().optional().default(false),
})

/** PUT/POST /api/recipients/{nid}: an array of {plid, to, cc, bcc} (or {recipients: [...]}). */
export const recipientsBody = z.union([
  z.array(recipientRow).max(200, 'At most 200 recipients'),
  z
    .object({ recipients: z.array(recipientRow).max(200, 'At most 200 recipients') })
    .transform((body) => body.recipients),
])

/** DELETE /api/recipients/{nid}: the plids to remove, as an array of ids or of {plid}. */
export const recipientsDeleteBody = z.union([
  z
    .array(z.union([namedIdField('plid'), z.object({ plid: namedIdField('plid') }).transform((row) => row.plid)]))
    .max(200),
  z.object({ plids: z.array(namedIdField('plid')).max(200) }).transform((body) => body.plids),
])

export const recipientsQuery = z.object({
  search: z.string().max(100, 'search is at most 100 characters').optional(),
  plids: idList('plid'),
})

export const usernameQuery = z.object({
  username: requiredParam('username', 100),
})
