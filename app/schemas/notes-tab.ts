import { z } from 'zod'
import { NOTE_MODES, NOTE_STATUS_LIST, NOTE_TYPE_LIST } from '#app/domain/notes'
import { NOTE_PARAMS, NOTE_SORT_KEYS } from '#app/domain/notes-tab'
import { idField } from './fields'

/**
 * The Notes tab's URL (GET: bookmarkable, so bad values fall back to defaults instead of erroring) and
 * its inline-edit form (POST: bad values answer 400 with a message). Server-only: the tab's component
 * does not import Zod.
 */

const id = idField()
const optionalId = id.optional().catch(undefined)

/** The tab's search form (its browser constraints are generated; the tab reads the URL leniently below). */
export const notesSearchFormSchema = z.object({ [NOTE_PARAMS.search]: z.string().trim().max(100).optional() })

export const notesTabParamsSchema = z.object({
  [NOTE_PARAMS.mode]: z.enum(NOTE_MODES).optional().catch(undefined),
  [NOTE_PARAMS.status]: z.enum(NOTE_STATUS_LIST).optional().catch(undefined),
  [NOTE_PARAMS.search]: notesSearchFormSchema.shape[NOTE_PARAMS.search].catch(undefined),
  [NOTE_PARAMS.batch]: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  [NOTE_PARAMS.page]: z.coerce.number().int().min(1).max(10).optional().catch(undefined),
  [NOTE_PARAMS.sort]: z.enum(NOTE_SORT_KEYS).optional().catch(undefined),
  [NOTE_PARAMS.desc]: z.enum(['1', '0']).optional().catch(undefined),
  // An empty nid means "none chosen" (it overrides the note a /viewFirmNote page starts with).
  [NOTE_PARAMS.selected]: z
    .union([z.literal(''), z.literal('0'), id])
    .optional()
    .catch(undefined),
  [NOTE_PARAMS.edit]: optionalId,
  [NOTE_PARAMS.take]: optionalId,
  [NOTE_PARAMS.remove]: optionalId,
  [NOTE_PARAMS.tranlog]: optionalId,
})
export type NotesTabParams = z.infer<typeof notesTabParamsSchema>

export function readNotesTabParams(url: URL): NotesTabParams {
  const raw: Record<string, string> = {}
  for (const key of Object.values(NOTE_PARAMS)) {
    const value = url.searchParams.get(key)
    if (value !== null) raw[key] = value
  }
  return notesTabParamsSchema.parse(raw)
}

/** A note id posted by a row's form (copy, delete). */
export const noteRowFormSchema = z.object({ nid: idField('Pick a note first.') })

/** Take: the note, and the version its confirmation was shown at (a note changed since is not taken blindly). */
export const noteTakeFormSchema = noteRowFormSchema.extend({
  version: z.coerce.number().int().min(0).optional().catch(undefined),
})

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

/** A datetime-local value: YYYY-MM-DDTHH:MM (seconds allowed). */
export const DATE_TIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/**
 * The inline edit row (spec 2 §2.4, §4): type, status, for, re, the date-time (only sent for the
 * date-editable types) and due, with the version the form was opened at.
 */
export const inlineEditSchema = z.object({
  nid: id,
  version: z.coerce
    .number({ error: 'version is required' })
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  type: z.enum(NOTE_TYPE_LIST, { error: 'Choose a note type.' }),
  status: z.enum(NOTE_STATUS_LIST, { error: 'Choose a status.' }),
  staff: z.string({ error: 'Choose who the note is for.' }).trim().min(1, 'Choose who the note is for.').max(100),
  re: z.preprocess(blankToNull, z.string().trim().max(500, 'Re is at most 500 characters.').nullable()).default(null),
  dated: z.string().regex(DATE_TIME_LOCAL, 'The date must be a date and time.').optional(),
  due: z.preprocess(blankToNull, z.iso.date({ error: 'Due must be a date (YYYY-MM-DD).' }).nullable()).default(null),
})
export type InlineEdit = z.infer<typeof inlineEditSchema>
