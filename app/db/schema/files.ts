import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { claims } from './claims'
import { bytea, identity, notBlank, notBlankChecks, requiredRef, version } from './columns'
import { firms } from './firms'
import { notes } from './notes'
import { policies } from './policies'

/** File type codes (spec 2 §3): Admin files are seen by the admin group only; Form needs an override. */
export const FILE_TYPES = { Admin: 1, Form: 3, Other: 6, Original: 17 } as const
export type FileTypeCode = (typeof FILE_TYPES)[keyof typeof FILE_TYPES]

/**
 * The stored bytes of an uploaded file (a "large object" in the legacy API, hence loid). One object
 * may be linked to several records (a note copy shares its files), so links are separate rows.
 */
export const fileObjects = pgTable(
  'file_objects',
  {
    loid: identity('loid'),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** Hex SHA-256 of data, for integrity checks and ETags. */
    sha256: text('sha256').notNull(),
    dated: timestamp('dated', { withTimezone: true }).notNull().defaultNow(),
    uploadedBy: text('uploaded_by'),
  },
  (t) => [
    ...notBlankChecks('file_objects', t.filename),
    check('file_objects_size_matches', sql`${t.size} = octet_length(${t.data})`),
    check('file_objects_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
)

/**
 * A file attached to exactly one firm, note, policy or claim, with its description and type.
 * loidfid is the download id (/download/{loidfid}). Deleting the record removes its links; the object
 * stays while other links use it.
 */
export const fileLinks = pgTable(
  'file_links',
  {
    loidfid: identity('loidfid'),
    loid: requiredRef('loid', () => fileObjects.loid, { onDelete: 'cascade' }),
    fid: integer('fid').references(() => firms.fid, { onDelete: 'cascade' }),
    nid: integer('nid').references(() => notes.nid, { onDelete: 'cascade' }),
    pid: integer('pid').references(() => policies.pid, { onDelete: 'cascade' }),
    clid: integer('clid').references(() => claims.clid, { onDelete: 'cascade' }),
    file_description: text('file_description').notNull(),
    file_type: integer('file_type').notNull().default(FILE_TYPES.Other),
    sort_index: integer('sort_index').notNull().default(0),
    version: version(),
  },
  (t) => [
    check('file_links_one_owner', sql`num_nonnulls(${t.fid}, ${t.nid}, ${t.pid}, ${t.clid}) = 1`),
    check('file_links_type_valid', sql`${t.file_type} IN (${sql.raw(Object.values(FILE_TYPES).join(', '))})`),
    check('file_links_description_not_blank', notBlank(t.file_description)),
    index('file_links_loid_idx').on(t.loid),
    // An owner's files in their order: one partial index per owner column (a link has exactly one owner).
    ...[t.fid, t.nid, t.pid, t.clid].map((owner) =>
      index(`file_links_${owner.name}_idx`)
        .on(owner, t.sort_index)
        .where(sql`${owner} IS NOT NULL`),
    ),
  ],
)
