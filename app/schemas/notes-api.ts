import { z } from 'zod'
import {
  ACTIVE,
  CLOSED_STATUSES,
  NEWS_LIMIT,
  NOTE_STATUS_LIST,
  NOTE_TYPE_LIST,
  type NoteStatusName,
} from '#app/domain/notes'
import { NOTE_SORT_KEYS } from '#app/domain/notes-tab'
import { commaList, idField, namedIdField, typedText } from './fields'
import { limitParam, sortOrderParam } from './query'

/** Bodies and queries of the notes API (spec 2 §7): POST /api/notes/search, PUT /api/notes/{id}, GET and POST /api/notes. */

const listOf = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(50, 'at most 50 values')])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.infer<T>[])

/** Status values a search may name: the stored ones and the working value Active (neither done nor cancel). */
const statusFilter = z.enum([...NOTE_STATUS_LIST, ACTIVE], {
  error: `status must be among ${[...NOTE_STATUS_LIST, ACTIVE].join(', ')}`,
})

export const noteSearchBodySchema = z
  .object({
    page: z.coerce.number().int().min(1, 'page must be at least 1').max(100_000).default(1),
    perPage: z.coerce
      .number()
      .int()
      .min(1, 'perPage must be at least 1')
      .max(1000, 'perPage is at most 1000')
      .default(100),
    searchcolumn: z
      .enum(NOTE_SORT_KEYS, { error: `searchcolumn must be among ${NOTE_SORT_KEYS.join(', ')}` })
      .default('cstamp'),
    sortorder: sortOrderParam('sortorder').default('DESC'),
    whereObjects: z
      .object({
        fid: namedIdField('whereObjects.fid'),
        type: listOf(z.enum(NOTE_TYPE_LIST, { error: `type must be among ${NOTE_TYPE_LIST.join(', ')}` })).optional(),
        status: listOf(statusFilter).optional(),
        search: z.string().max(100, 'search is at most 100 characters').optional(),
      })
      .strict(),
  })
  .strict()
export type NoteSearchBody = z.infer<typeof noteSearchBodySchema>

/** The stored statuses a status filter names: Active expands to every status but done and cancel. */
export function expandStatuses(statuses: readonly string[] | undefined): NoteStatusName[] | undefined {
  if (!statuses?.length) return undefined
  const open = NOTE_STATUS_LIST.filter((status) => !(CLOSED_STATUSES as readonly string[]).includes(status))
  return [...new Set(statuses.flatMap((status) => (status === ACTIVE ? open : [status as NoteStatusName])))]
}

const nullableText = (max: number, name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, `${name} is at most ${max} characters`)
    .nullable()

/**
 * PUT /api/notes/{id}: only the note entity's fields (spec 2 §3). The writable ones change the note;
 * derived and system fields the client sends back with the entity (nid, stamps, opener, closer, tasks,
 * firm_sort, fullName, …) are accepted and ignored; anything else is refused.
 */
export const noteUpdateBodySchema = z
  .object({
    version: z.number({ error: 'version is required (send the version you read)' }).int().min(0),
    dated: z.coerce.date({ error: 'dated must be a date-time' }).optional(),
    due: z.iso.date({ error: 'due must be a date (YYYY-MM-DD)' }).nullable().optional(),
    type: z.enum(NOTE_TYPE_LIST, { error: `type must be among ${NOTE_TYPE_LIST.join(', ')}` }).optional(),
    status: z.enum(NOTE_STATUS_LIST, { error: `status must be among ${NOTE_STATUS_LIST.join(', ')}` }).optional(),
    staff: z
      .string({ error: 'staff must be a username' })
      .trim()
      .min(1, 'staff must be a username')
      .max(100)
      .optional(),
    signer: nullableText(100, 'signer').optional(),
    pid: namedIdField('pid').nullable().optional(),
    plid: namedIdField('plid').nullable().optional(),
    direct: nullableText(200, 'direct').optional(),
    re: nullableText(500, 're').optional(),
    note: nullableText(200_000, 'note').optional(),
    html: z.boolean({ error: 'html must be true or false' }).optional(),
    to: nullableText(2000, 'to').optional(),
    // Read-only fields of the entity: ignored.
    nid: z.unknown().optional(),
    stamp: z.unknown().optional(),
    ostamp: z.unknown().optional(),
    cstamp: z.unknown().optional(),
    fid: z.unknown().optional(),
    opener: z.unknown().optional(),
    closer: z.unknown().optional(),
    frid: z.unknown().optional(),
    taken: z.unknown().optional(),
    tasks: z.unknown().optional(),
    firm_sort: z.unknown().optional(),
    _exdate: z.unknown().optional(),
    _lag: z.unknown().optional(),
    files: z.unknown().optional(),
    read: z.unknown().optional(),
    fullName: z.unknown().optional(),
    rights: z.unknown().optional(),
  })
  .strict()

/** The writable fields of a parsed PUT body (what updateNote receives). */
export function noteChangesOf(body: z.infer<typeof noteUpdateBodySchema>) {
  const { dated, due, type, status, staff, signer, pid, plid, direct, re, note, html, to } = body
  const changes = { dated, due, type, status, staff, signer, pid, plid, direct, re, note, html, to }
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as {
    [K in keyof typeof changes]?: Exclude<(typeof changes)[K], undefined>
  }
}

/** POST /api/notes: {fid} creates a new note on the firm; {copy: nid} copies a note. */
export const noteCreateBodySchema = z.union(
  [
    z
      .object({
        fid: namedIdField('fid'),
        pid: namedIdField('pid').nullable().optional(),
        plid: namedIdField('plid').nullable().optional(),
      })
      .strict(),
    z.object({ copy: namedIdField('copy') }).strict(),
  ],
  { error: 'Send {fid} to create a note or {copy: nid} to copy one.' },
)

const flag = (name: string) => z.stringbool({ error: `${name} must be true or false` }).optional()

/**
 * GET /api/notes (spec 2 §7): `type` news (default), event or appt; `fields` and `orders` (comma lists
 * from the model's whitelists, passed in) with one `directions` entry (ASC or DESC) per order; `nid`;
 * `staff` (the user the notes are for); `limit` at most 4000 (§9); `withFirmSort` adds firm_sort;
 * `withFuturecstamp` keeps notes whose cstamp is now or later.
 */
export function bulletinListQuerySchema<Type extends string, Field extends string, Order extends string>(lists: {
  types: readonly [Type, ...Type[]]
  fields: readonly Field[]
  orders: readonly Order[]
}) {
  return z
    .object({
      type: z
        .enum(lists.types, { error: `type must be ${lists.types.join(', ').replace(/, (?=[^,]*$)/, ' or ')}` })
        .default(lists.types[0]),
      fields: commaList.refine(
        (names) => names.every((name) => (lists.fields as readonly string[]).includes(name)),
        `fields must be among ${lists.fields.join(', ')}`,
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
      orders: commaList.refine(
        (names) => names.every((name) => (lists.orders as readonly string[]).includes(name)),
        `orders must be among ${lists.orders.join(', ')}`,
      ),
      directions: commaList.refine(
        (names) => names.every((name) => /^(asc|desc)$/i.test(name)),
        'directions must be ASC or DESC',
      ),
      limit: limitParam(NEWS_LIMIT),
      withFirmSort: flag('withFirmSort'),
      withFuturecstamp: flag('withFuturecstamp'),
    })
    .refine((query) => query.directions.length <= Math.max(query.orders.length, 0), {
      message: 'directions: one per order at most',
      path: ['directions'],
    })
    .transform(({ orders, directions, fields, ...rest }) => ({
      ...rest,
      fields: fields as Field[],
      orders: orders.map((column, index) => ({
        column: column as Order,
        desc: (directions[index] ?? 'ASC').toUpperCase() === 'DESC',
      })),
    }))
}
