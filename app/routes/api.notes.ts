import { z } from 'zod'
import { getDb } from '#app/db/client.server'
import { NEWS_LIMIT } from '#app/domain/notes'
import { readBody, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import {
  BULLETIN_FIELDS,
  BULLETIN_ORDERS,
  BULLETIN_TYPES,
  listBulletins,
  type BulletinField,
  type BulletinOrder,
} from '#app/models/bulletin.server'
import { copyNote, createNote } from '#app/models/note.server'
import { idField, typedText } from '#app/schemas/fields'
import { noteCreateBodySchema } from '#app/schemas/notes-api'

// ── GET /api/notes: news and calendar notes ────────────────────────────────────────────────────────

/** A comma list, or the parameter repeated. */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')),
  )
  .transform((values) => values.map((v) => v.trim()).filter(Boolean))
const flag = (name: string) => z.stringbool({ error: `${name} must be true or false` }).optional()

/**
 * The query of spec 2 §7: `type` news (default), event or appt; `fields` and `orders` (comma lists
 * from whitelists) with one `directions` entry (ASC or DESC) per order; `nid`; `staff` (the user
 * the notes are for); `limit` at most 4000 (§9); `withFirmSort` adds firm_sort; `withFuturecstamp`
 * keeps notes whose cstamp is now or later.
 */
const listQuery = z
  .object({
    type: z.enum(BULLETIN_TYPES, { error: 'type must be news, event or appt' }).default('news'),
    fields: list.refine(
      (names) => names.every((name) => (BULLETIN_FIELDS as string[]).includes(name)),
      `fields must be among ${BULLETIN_FIELDS.join(', ')}`,
    ),
    nid: idField('nid must be a note id').optional(),
    staff: z
      .preprocess(
        typedText,
        z
          .string({ error: 'staff must be a username' })
          .trim()
          .min(1, 'staff must be a username')
          .max(64, 'staff is at most 64 characters'),
      )
      .optional(),
    orders: list.refine(
      (names) => names.every((name) => (BULLETIN_ORDERS as string[]).includes(name)),
      `orders must be among ${BULLETIN_ORDERS.join(', ')}`,
    ),
    directions: list.refine(
      (names) => names.every((name) => /^(asc|desc)$/i.test(name)),
      'directions must be ASC or DESC',
    ),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit is at least 1')
      .max(NEWS_LIMIT, `limit is at most ${NEWS_LIMIT}`)
      .optional(),
    withFirmSort: flag('withFirmSort'),
    withFuturecstamp: flag('withFuturecstamp'),
  })
  .refine((query) => query.directions.length <= Math.max(query.orders.length, 0), {
    message: 'directions: one per order at most',
    path: ['directions'],
  })
  .transform(({ orders, directions, fields, ...rest }) => ({
    ...rest,
    fields: fields as BulletinField[],
    orders: orders.map((column, index) => ({
      column: column as BulletinOrder,
      desc: (directions[index] ?? 'ASC').toUpperCase() === 'DESC',
    })),
  }))

/**
 * GET /api/notes: news and calendar notes (the query above). POST /api/notes (note-edit): `{fid}`
 * creates a new note on the firm (memo, 'NEW NOTE', in the caller's name); `{copy: nid}` copies a note
 * ('Copy of:', memo, normal, with its recipients and files). 201 with the note.
 */
const api = apiRoute('/api/notes', {
  GET: ({ request, user }) => listBulletins(getDb(), readQuery(request, listQuery), user),
  POST: async ({ request, user }) => {
    const body = await readBody(request, noteCreateBodySchema)
    const actor = { id: user.id, username: user.username, isAdmin: user.isAdmin }
    const note = 'copy' in body ? await copyNote(getDb(), body.copy, actor) : await createNote(getDb(), body, actor)
    return Response.json(note, { status: 201 })
  },
})

export const loader = api.loader
export const action = api.action
