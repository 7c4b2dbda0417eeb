import { z } from 'zod'
import { MAX_BODY_LENGTH, MAX_RECIPIENTS } from '#app/domain/email'
import { TRANLOG_TYPES } from '#app/domain/tranlog'
import { TRANLOG_STATUSES } from '#app/domain/notes'
import { namedIdField } from './fields'

/**
 * Bodies of the email and tranlog calls (spec 2 §7): POST /api/emails/{nid}, POST /api/tranlogs,
 * PUT /api/tranlogs/{id}. JSON or form-encoded (form values arrive as text, so numbers and flags are
 * read from text too). Missing To/From/Re/body are the model's to refuse, with the spec's message.
 */

const flag = (name: string) =>
  z.union(
    [
      z.boolean(),
      z
        .enum(['true', 'false', 'on', '1', '0', ''])
        .transform((value) => value === 'true' || value === 'on' || value === '1'),
    ],
    {
      error: `${name} must be true or false`,
    },
  )

/** A list given as an array or as one comma-separated text (form posts). */
const listOf = <T extends z.ZodType>(item: T, max: number, name: string) =>
  z
    .union([z.array(z.unknown()), z.string(), z.number()], { error: `${name} must be a list` })
    .transform((value) =>
      Array.isArray(value)
        ? value
        : typeof value === 'number'
          ? [value]
          : value.split(/[,;]/).filter((part) => part.trim() !== ''),
    )
    .pipe(z.array(item).max(max, `${name} may hold at most ${max} entries`))

/** A recipient: a person's plid (a number) or an address (text; the model checks it is one bare address). */
const addressee = z.union([namedIdField('plid'), z.string().max(320, 'an address is at most 320 characters')], {
  error: 'recipients are plids or addresses',
})
/** A numeric text in a form post is a plid too. */
const addressees = (name: string) =>
  listOf(addressee, MAX_RECIPIENTS * 2, name).transform((list) =>
    list.map((entry) => (typeof entry === 'string' && /^\d+$/.test(entry.trim()) ? Number(entry.trim()) : entry)),
  )

const text = (max: number, name: string) =>
  z.string({ error: `${name} must be text` }).max(max, `${name} is at most ${max.toLocaleString('en-US')} characters`)

export const emailBodySchema = z
  .object({
    /** The From: a signer's username. */
    username: text(100, 'username').default(''),
    subject: text(2000, 'subject').default(''),
    body: text(MAX_BODY_LENGTH, 'body').default(''),
    /** Whether body is HTML; the note's own flag when absent. */
    html: flag('html').optional(),
    attach: flag('attach').default(false),
    loids: listOf(namedIdField('loid'), 200, 'loids').default([]),
    fid: namedIdField('fid').nullable().optional(),
    /** When absent, the note's saved To line and recipients. */
    to: addressees('to').optional(),
    cc: addressees('cc').optional(),
    bcc: addressees('bcc').optional(),
  })
  .strict()
export type EmailBody = z.infer<typeof emailBodySchema>

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO date-time with a zone` })
    .transform((value) => new Date(value))

const tranlogFields = {
  type: z.enum(TRANLOG_TYPES, { error: `type must be one of ${TRANLOG_TYPES.join(', ')}` }),
  status: z.enum(TRANLOG_STATUSES, { error: `status must be one of ${TRANLOG_STATUSES.join(', ')}` }),
  queued: instant('queued'),
  sent: instant('sent').nullable(),
  note: text(2000, 'note').nullable(),
}

export const tranlogCreateSchema = z
  .object({
    nid: namedIdField('nid'),
    type: tranlogFields.type,
    status: tranlogFields.status,
    queued: tranlogFields.queued.optional(),
    sent: tranlogFields.sent.optional(),
    note: tranlogFields.note.optional(),
  })
  .strict()

export const tranlogUpdateSchema = z
  .object({
    // The row as read may be sent back whole: its own id, nid and bookkeeping are accepted and ignored.
    id: z.unknown().optional(),
    nid: z.unknown().optional(),
    createdBy: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    type: tranlogFields.type.optional(),
    status: tranlogFields.status.optional(),
    queued: tranlogFields.queued.optional(),
    sent: tranlogFields.sent.optional(),
    note: tranlogFields.note.optional(),
  })
  .strict()
  .transform(({ id: _id, nid: _nid, createdBy: _by, createdAt: _at, ...changes }) => changes)
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'Send at least one of type, status, queued, sent, note.',
  })
