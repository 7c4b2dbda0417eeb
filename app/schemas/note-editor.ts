import { z } from 'zod'
import { typedText, versionField, idField, optionalIdField } from './fields'
import { NOTE_STATUS_LIST, NOTE_TYPE_LIST } from '#app/domain/notes'
import { EMAIL_MESSAGES, MAX_RECIPIENTS, cleanSubject } from '#app/domain/email'
import { parseAddressList, parseDateTimeLocal } from '#app/domain/note-editor'

/**
 * The Note/Email editor's one form (spec 2 §2.5), parsed on the server with Conform and Zod: every intent
 * sends the whole form, so a dialog, a template or a recipient search re-renders the user's unsaved
 * values. Its browser constraints are generated into app/domain/form-constraints/note-editor.ts.
 */

export const MAX_BODY_CHARS = 200_000
export const MAX_RE_CHARS = 500

const text = (max: number, message: string) =>
  z.preprocess(typedText, z.string().max(max, message).optional().default(''))
const plid = idField()

export const editorFormSchema = z.object({
  version: versionField,
  dated: z
    .preprocess(typedText, z.string().max(40).optional().default(''))
    .refine((value) => value === '' || parseDateTimeLocal(value) !== null, 'Enter a valid date and time.'),
  type: z.enum(NOTE_TYPE_LIST, { error: 'Choose a note type from the list.' }).optional(),
  status: z.enum(NOTE_STATUS_LIST, { error: 'Choose a status from the list.' }).optional(),
  staff: z.preprocess(typedText, z.string().trim().max(100, 'For is at most 100 characters').optional()),
  pid: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    idField('Choose a policy from the list.').nullable(),
  ),
  signer: z.preprocess(typedText, z.string().trim().max(100, 'From is at most 100 characters').optional().default('')),
  // Typed addresses: each must be an address, and at most MAX_RECIPIENTS of them (spec 2 §4).
  to: text(4000, 'To is at most 4000 characters').superRefine((value, context) => {
    const typed = parseAddressList(value)
    if (typed.invalid.length)
      context.addIssue({ code: 'custom', message: EMAIL_MESSAGES.invalidAddress(typed.invalid[0]) })
    else if (typed.addresses.length > MAX_RECIPIENTS)
      context.addIssue({ code: 'custom', message: EMAIL_MESSAGES.tooManyRecipients })
  }),
  re: text(MAX_RE_CHARS, `Re is at most ${MAX_RE_CHARS} characters`).refine(
    (value) => cleanSubject(value) !== null,
    EMAIL_MESSAGES.invalidSubject,
  ),
  note: text(MAX_BODY_CHARS, `The note is at most ${MAX_BODY_CHARS} characters`),
  html: z.enum(['0', '1']).optional().default('0'),
  attach: z.string().optional(),
  // The Letters template to fill (Use, without JavaScript): blank is none.
  letter: optionalIdField('Choose a letter template.'),
  rcpt: z.array(plid).max(200, 'At most 200 recipients'),
  rcptTo: z.array(plid),
  rcptCc: z.array(plid),
  rcptBcc: z.array(plid),
  rq: z.preprocess(typedText, z.string().max(100).optional().default('')),
})
export type EditorForm = z.infer<typeof editorFormSchema>

/** The recipients the form carries, read alone to show a refused form again as it was sent. */
export const editorRecipientsSchema = editorFormSchema.pick({ rcpt: true, rcptTo: true, rcptCc: true, rcptBcc: true })

/** Attach: the firm's files chosen (attachLoid, one per checkbox) with the rest of the form. */
export const editorAttachSchema = editorFormSchema.extend({ attachLoid: z.array(idField('No such file.')) })

/** Take (a note shown read-only, or an admin's "Take note from …?"): the version the user saw. */
export const editorTakeSchema = z.object({ version: versionField })
