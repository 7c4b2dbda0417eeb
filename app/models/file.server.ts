import { notFoundMessage, isRecordId } from '#app/domain/ids'
import { createHash } from 'node:crypto'
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#app/db/client.server'
import { FILE_TYPES, fileLinks, fileObjects, firms, notes, policies } from '#app/db/schema'
import { FILE_TYPE_NAMES } from '#app/domain/files'
import { ADMIN_ONLY_TYPES } from '#app/domain/notes'
import { ConflictError, NotFoundError, recordChange } from './change-log.server'
import { pageOf, totalColumn } from './paging.server'

/** The file links a user may see: every link for the admin group, the others all but Admin files. */
export const visibleFileLinks = (isAdmin: boolean) => (isAdmin ? undefined : ne(fileLinks.file_type, FILE_TYPES.Admin))

/**
 * The links `where` picks that the user may see (no Admin files but for the admin group), each with its
 * stored file. `query` selects their columns from file_links (`db.select({…}).from(fileLinks).$dynamic()`):
 * every read of files with their links goes through here.
 */
export const visibleLinks = <Query extends PgSelect>(
  query: Query,
  where: SQL | undefined,
  options: { isAdmin: boolean },
) => {
  // No condition would read every link (every one, for the admin group): a caller's mistake, refused.
  if (!where) throw new Error('visibleLinks needs the condition that picks the links')
  return query
    .innerJoin(fileObjects, eq(fileObjects.loid, fileLinks.loid))
    .where(and(where, visibleFileLinks(options.isAdmin)))
}

/** A record's links (`owner`: its column is the record's id) the user may see, in their order. */
export const ownedLinks = <Query extends PgSelect>(
  query: Query,
  owner: SQL | undefined,
  options: { isAdmin: boolean },
) => visibleLinks(query, owner, options).orderBy(asc(fileLinks.sort_index), asc(fileLinks.loidfid))

export interface FirmFile {
  loid: number
  loidfid: number
  fid: number | null
  filename: string
  content_type: string
  size: number
  file_description: string
  file_type: number
  file_type_description: string
  dated: string
  sort_index: number
  version: number
}

const fileColumns = {
  loid: fileObjects.loid,
  loidfid: fileLinks.loidfid,
  fid: fileLinks.fid,
  filename: fileObjects.filename,
  content_type: fileObjects.content_type,
  size: fileObjects.size,
  file_description: fileLinks.file_description,
  file_type: fileLinks.file_type,
  dated: sql<string>`${fileObjects.dated}`,
  sort_index: fileLinks.sort_index,
  version: fileLinks.version,
}

const withTypeName = <T extends { file_type: number }>(row: T) => ({
  ...row,
  file_type_description: FILE_TYPE_NAMES[row.file_type] ?? 'Other',
})

/**
 * The files linked to a firm or a policy in their order; Admin files only for the admin group (spec 2
 * §6); `type` keeps one file type. The one query of a record's files lists (the Files tab, the calls).
 */
function linkedFilesQuery(
  db: DbOrTx,
  owner: { fid: number } | { pid: number },
  options: { isAdmin: boolean; type?: number },
) {
  const [column, id] = 'fid' in owner ? [fileLinks.fid, owner.fid] : [fileLinks.pid, owner.pid]
  return ownedLinks(
    db
      .select({ ...fileColumns, __total: totalColumn() })
      .from(fileLinks)
      .$dynamic(),
    and(eq(column, id), options.type === undefined ? undefined : eq(fileLinks.file_type, options.type)),
    options,
  )
}

async function linkedFiles(
  db: DbOrTx,
  owner: { fid: number } | { pid: number },
  options: { isAdmin: boolean },
  limit?: number,
): Promise<FirmFile[]> {
  if (!isRecordId('fid' in owner ? owner.fid : owner.pid)) return []
  const query = linkedFilesQuery(db, owner, options)
  const rows = await (limit === undefined ? query : query.limit(limit))
  return rows.map(({ __total: _total, ...row }) => withTypeName(row))
}

/** A page of a firm's files (GET /api/firms/{id}/forms keeps type Form), with the count; the Files tab's rule on Admin files. */
export async function firmFilesPage(
  db: DbOrTx,
  fid: number,
  options: { isAdmin: boolean; type?: number; page: number; size: number },
): Promise<{ rows: FirmFile[]; total: number; page: number; pages: number }> {
  if (!isRecordId(fid)) return { rows: [], total: 0, page: 1, pages: 1 }
  const found = await pageOf(
    ({ limit, offset }) => linkedFilesQuery(db, { fid }, options).limit(limit).offset(offset),
    { page: options.page, size: options.size },
  )
  return { ...found, rows: found.rows.map(withTypeName) }
}

/** A firm's files (the Files tab). */
export async function firmFiles(db: DbOrTx, fid: number, options: { isAdmin: boolean }): Promise<FirmFile[]> {
  return linkedFiles(db, { fid }, options)
}

/** One link's metadata (GET /api/file_objects/{id} takes a loidfid); Admin files hidden from others. */
export async function getFileLink(
  db: DbOrTx,
  loidfid: number,
  options: { isAdmin: boolean },
): Promise<FirmFile | null> {
  if (!isRecordId(loidfid)) return null
  const [row] = await visibleLinks(
    db.select(fileColumns).from(fileLinks).$dynamic(),
    eq(fileLinks.loidfid, loidfid),
    options,
  )
  return row ? withTypeName(row) : null
}

/** The record a file link belongs to (for canReadFile / canChangeFile), or null for an unknown link. */
export async function fileHolder(db: DbOrTx, loidfid: number) {
  if (!isRecordId(loidfid)) return null
  const [row] = await db
    .select({
      fileType: fileLinks.file_type,
      fid: fileLinks.fid,
      nid: fileLinks.nid,
      pid: fileLinks.pid,
      clid: fileLinks.clid,
      noteType: notes.type,
      noteStaff: notes.staff,
    })
    .from(fileLinks)
    .leftJoin(notes, eq(notes.nid, fileLinks.nid))
    .where(eq(fileLinks.loidfid, loidfid))
  if (!row) return null
  return {
    fileType: row.fileType,
    adminFile: row.fileType === FILE_TYPES.Admin,
    fid: row.fid,
    nid: row.nid,
    pid: row.pid,
    clid: row.clid,
    noteAdminOnly: row.noteType !== null && (ADMIN_ONLY_TYPES as readonly string[]).includes(row.noteType),
    noteStaff: row.noteStaff,
  }
}

/** The bytes for /download/{loidfid}, with the name and type for the response headers. */
export async function fileForDownload(
  db: DbOrTx,
  loidfid: number,
  options: { isAdmin: boolean },
): Promise<{ filename: string; contentType: string; size: number; sha256: string; data: Buffer } | null> {
  if (!isRecordId(loidfid)) return null
  const [row] = await visibleLinks(
    db
      .select({
        filename: fileObjects.filename,
        contentType: fileObjects.content_type,
        size: fileObjects.size,
        sha256: fileObjects.sha256,
        data: fileObjects.data,
      })
      .from(fileLinks)
      .$dynamic(),
    eq(fileLinks.loidfid, loidfid),
    options,
  )
  return row ?? null
}

export interface NewFile {
  filename: string
  contentType: string
  data: Buffer
  description: string
  type: number
}

type FileOwner = { fid: number } | { nid: number } | { pid: number }
type Uploader = { id: number; username: string }

/** Stores uploaded files and links them to a firm, in one transaction. */
export const uploadFirmFiles = (db: DbOrTx, fid: number, files: readonly NewFile[], user: Uploader) =>
  uploadFiles(db, { fid }, files, user)

/**
 * Stores uploaded files and links them to a note (the note editor's upload), in one transaction; the
 * links go after the note's existing files. Answers the new links.
 */
export const uploadNoteFiles = (db: DbOrTx, nid: number, files: readonly NewFile[], user: Uploader) =>
  uploadFiles(db, { nid }, files, user)

/** Stores uploaded files and links them to a policy, in one transaction. */
export const uploadPolicyFiles = (db: DbOrTx, pid: number, files: readonly NewFile[], user: Uploader) =>
  uploadFiles(db, { pid }, files, user)

function uploadFiles(db: DbOrTx, owner: FileOwner, files: readonly NewFile[], user: Uploader): Promise<FirmFile[]> {
  return db.transaction(async (tx) => {
    await requireOwner(tx, owner)
    return storeFiles(tx, owner, files, user)
  })
}

/** The owner of new files must exist; a note or a policy is locked while its files are added. */
async function requireOwner(tx: DbOrTx, owner: FileOwner) {
  if ('fid' in owner) {
    const [firm] = await tx.select({ fid: firms.fid }).from(firms).where(eq(firms.fid, owner.fid))
    if (!firm) throw new NotFoundError(notFoundMessage('firm'))
  } else if ('nid' in owner) {
    const [note] = await tx.select({ nid: notes.nid }).from(notes).where(eq(notes.nid, owner.nid)).for('update')
    if (!note) throw new NotFoundError(notFoundMessage('note'))
  } else {
    const [policy] = await tx
      .select({ pid: policies.pid })
      .from(policies)
      .where(eq(policies.pid, owner.pid))
      .for('update')
    if (!policy) throw new NotFoundError(`No policy ${owner.pid}`)
  }
}

/** A policy's files (spec 3 §3 Policy file), the first 500. */
export async function policyFiles(db: DbOrTx, pid: number, options: { isAdmin: boolean }): Promise<FirmFile[]> {
  return linkedFiles(db, { pid }, options, 500)
}

/** Inserts the file objects and their links to one firm, note or policy, after its existing files, with the change log. */
async function storeFiles(
  tx: DbOrTx,
  owner: FileOwner,
  files: readonly NewFile[],
  user: Uploader,
): Promise<FirmFile[]> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${fileLinks.sort_index}) + 1, 0)`.mapWith(Number) })
    .from(fileLinks)
    .where(
      'fid' in owner
        ? eq(fileLinks.fid, owner.fid)
        : 'nid' in owner
          ? eq(fileLinks.nid, owner.nid)
          : eq(fileLinks.pid, owner.pid),
    )
  const created: number[] = []
  for (const [index, file] of files.entries()) {
    const [object] = await tx
      .insert(fileObjects)
      .values({
        filename: file.filename,
        content_type: file.contentType || 'application/octet-stream',
        size: file.data.length,
        data: file.data,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        uploadedBy: user.username,
      })
      .returning({ loid: fileObjects.loid })
    const [link] = await tx
      .insert(fileLinks)
      .values({
        loid: object.loid,
        ...owner,
        file_description: file.description,
        file_type: file.type,
        sort_index: next + index,
      })
      .returning({ loidfid: fileLinks.loidfid })
    created.push(link.loidfid)
    await recordChange(tx, {
      userId: user.id,
      entity: 'file',
      entityId: link.loidfid,
      action: 'create',
      after: {
        ...owner,
        filename: file.filename,
        description: file.description,
        type: file.type,
        size: file.data.length,
      },
    })
  }
  // One after another: a transaction is one connection, and pg refuses overlapping queries on one (pg 9).
  const rows: FirmFile[] = []
  for (const loidfid of created) {
    const row = await getFileLink(tx, loidfid, { isAdmin: true })
    if (row) rows.push(row)
  }
  return rows
}

/** PUT /api/file_objects/{id}: description and type of one link. */
export async function updateFileLink(
  db: DbOrTx,
  loidfid: number,
  changes: { file_description: string; file_type: number },
  options: { userId: number; isAdmin: boolean; version?: number },
): Promise<FirmFile | null> {
  return db.transaction(async (tx) => {
    if (!isRecordId(loidfid)) return null
    await tx.select({ loidfid: fileLinks.loidfid }).from(fileLinks).where(eq(fileLinks.loidfid, loidfid)).for('update')
    const before = await getFileLink(tx, loidfid, options)
    if (!before) return null
    // A caller that read a version loses a race with a clear conflict instead of overwriting.
    if (options.version !== undefined && options.version !== before.version) throw new ConflictError(before)
    await tx
      .update(fileLinks)
      .set({ ...changes, version: sql`${fileLinks.version} + 1` })
      .where(eq(fileLinks.loidfid, loidfid))
    await recordChange(tx, {
      userId: options.userId,
      entity: 'file',
      entityId: loidfid,
      action: 'update',
      before,
      after: changes,
    })
    return getFileLink(tx, loidfid, options)
  })
}

export async function deleteFileLink(
  db: DbOrTx,
  loidfid: number,
  options: { userId: number; isAdmin: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await getFileLink(tx, loidfid, options)
    if (!before) return false
    await tx.delete(fileLinks).where(eq(fileLinks.loidfid, loidfid))
    // The stored bytes go when no other record links them.
    await tx.execute(
      sql`DELETE FROM ${fileObjects} WHERE ${fileObjects.loid} = ${before.loid} AND NOT EXISTS (SELECT 1 FROM ${fileLinks} WHERE ${fileLinks.loid} = ${before.loid})`,
    )
    await recordChange(tx, { userId: options.userId, entity: 'file', entityId: loidfid, action: 'delete', before })
    return true
  })
}

/** The fields and orders GET /api/file_objects/forms may ask for. */
export const FILE_FIELDS = [
  ...(Object.keys(fileColumns) as (keyof typeof fileColumns)[]),
  'file_type_description',
] as const
export type FileField = (typeof FILE_FIELDS)[number]
export const FILE_ORDERS = Object.keys(fileColumns) as (keyof typeof fileColumns)[]
export type FileOrder = (typeof FILE_ORDERS)[number]

/** GET /api/file_objects/forms: every Form-type file (forms are shared, so no record filter). */
export async function formFiles(
  db: DbOrTx,
  options: { fields?: readonly FileField[]; order?: readonly { field: FileOrder; desc: boolean }[] } = {},
): Promise<Partial<FirmFile>[]> {
  const order = options.order?.length
    ? options.order.map(({ field, desc: descending }) =>
        descending ? desc(fileColumns[field]) : asc(fileColumns[field]),
      )
    : [asc(fileObjects.filename)]
  const rows = await db
    .select(fileColumns)
    .from(fileLinks)
    .innerJoin(fileObjects, eq(fileObjects.loid, fileLinks.loid))
    .where(eq(fileLinks.file_type, FILE_TYPES.Form))
    .orderBy(...order, asc(fileLinks.loidfid))
    .limit(1000)
  const fields = options.fields?.length ? new Set<FileField>(['loidfid', ...options.fields]) : null
  return rows
    .map(withTypeName)
    .map((row) =>
      fields ? Object.fromEntries(Object.entries(row).filter(([key]) => fields.has(key as FileField))) : row,
    )
}
