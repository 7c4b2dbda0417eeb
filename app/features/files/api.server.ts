import { canChangeFile, canDeleteFirmFile, canReadFile, fileTypeAccess, type FileHolder } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { DomainError, ForbiddenError, InvalidError, NotFoundError } from '#app/domain/errors'
import {
  FILE_TYPE_CODES,
  FILE_TYPE_REFUSED,
  FORM_FILE_DELETE_REFUSED,
  FORM_FILE_REFUSED,
  MAX_UPLOAD_MESSAGE,
  UPLOAD_ERROR,
  allowedFileTypes,
  hasExtension,
  mayEditFile,
  mayEditFileType,
} from '#app/domain/files'
import { notFoundMessage } from '#app/domain/ids'
import { pagedAnswer, parseWith, readBody, readMultipart, readQuery } from '#app/http/api.server'
import type { ApiContext, ApiHandlers } from '#app/http/api-route.server'
import { attachment } from '#app/http/download.server'
import { firmListCall } from '#app/http/firm-call.server'
import { requireId } from '#app/http/ids.server'
import { readUploads } from '#app/http/uploads.server'
import {
  FILE_FIELDS,
  FILE_ORDERS,
  deleteFileLink,
  fileForDownload,
  fileHolder,
  firmFilesPage,
  formFiles,
  getFileLink,
  updateFileLink,
  uploadFirmFiles,
} from '#app/models/file.server'
import { requireFirm } from '#app/models/firm.server'
import { typedText } from '#app/schemas/fields'
import {
  FILE_TYPE_REFUSED_CODE,
  fileListQuerySchema,
  filePutSchema,
  fileTypeNameOf,
  fileUploadTargetSchema,
} from '#app/schemas/files'
import { firmFormsQuerySchema } from '#app/schemas/firm-calls'

/**
 * The file API calls (spec 2 §7), a firm's files in the firm calls, and the download, each served by
 * `apiRoute` in its route module. Files follow their record's visibility, as on the Files tab.
 */

const NO_SUCH_FILE = notFoundMessage('file')

const access = (user: CurrentUser) => ({ userId: user.id, isAdmin: user.isAdmin })

/** Files follow their record: unseen is 404 (as if absent), seen but not changeable is 403. */
async function requireFileAccess(
  id: number,
  user: CurrentUser,
  rule: (user: CurrentUser, file: FileHolder) => boolean,
) {
  const holder = await fileHolder(getDb(), id)
  if (!holder || !canReadFile(user, holder)) throw new NotFoundError(NO_SUCH_FILE)
  if (!rule(user, holder)) throw new ForbiddenError('You may not change this file.')
}

const text = (value: FormDataEntryValue | undefined) => String(typedText(String(value ?? ''))).trim()

/** The upload fields the one reader (readUploads) reads: a file, description and type per row. */
const ROWS = { file: 'file', description: 'description', type: 'type' } as const

/**
 * POST /api/file_objects (multipart): `domfiles` (one or more files) and `fid`, optionally a
 * `file_description` and a `file_type` (code or name) per file in the same order. A file without a
 * description is described by its name until it is edited (PUT /api/file_objects/{id}); the files go
 * through the one upload reader (files without an extension are left out with the spec's warning, the
 * size limit, the allowlist, the types the user may give).
 */
export const fileObjectsApi: ApiHandlers = {
  POST: async ({ request, user }) => {
    const form = await readMultipart(request, MAX_UPLOAD_MESSAGE)
    const { fid } = parseWith(fileUploadTargetSchema, { fid: form.get('fid') ?? undefined })
    const entries = form.getAll('domfiles')
    if (entries.some((entry) => typeof entry === 'string'))
      throw new InvalidError('domfiles: each entry must be a file.')
    if (entries.length === 0) throw new InvalidError('domfiles: choose at least one file.')
    const descriptions = form.getAll('file_description')
    const types = form.getAll('file_type').map(String)
    const rows = new FormData()
    for (const [index, file] of (entries as File[]).entries()) {
      const type = fileTypeNameOf(types[index])
      if (type === null) throw new InvalidError(FILE_TYPE_REFUSED_CODE)
      // A file left out for its missing extension is listed with the description typed for it.
      const described = text(descriptions[index]) || (hasExtension(file.name) ? text(file.name) : '')
      rows.append(ROWS.file, file)
      rows.append(ROWS.description, described.slice(0, 500))
      rows.append(ROWS.type, type)
    }
    const { files, warning } = await readUploads(rows, allowedFileTypes(fileTypeAccess(user)), ROWS)
    try {
      const result = await uploadFirmFiles(getDb(), fid, files, user)
      return Response.json(warning ? { result, warning } : { result }, { status: 201 })
    } catch (error) {
      if (error instanceof NotFoundError) throw error
      console.error('[files] upload failed', error)
      throw new DomainError(UPLOAD_ERROR, 'UPLOAD_FAILED', 400)
    }
  },
}

/**
 * GET /api/file_objects/{loidfid}: a file's metadata (Admin files do not exist for non-admins).
 * PUT {file_description, file_type[, version]}: Form files only by admins, a new type only among
 * those the user may pick (fileTypeAccess). DELETE removes the link.
 */
export const fileObjectApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const id = requireId(params.id, 'file')
    await requireFileAccess(id, user, canReadFile)
    const file = await getFileLink(getDb(), id, { isAdmin: user.isAdmin })
    if (!file) throw new NotFoundError(NO_SUCH_FILE)
    return file
  },
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'file')
    const db = getDb()
    const { version, ...changes } = await readBody(request, filePutSchema)
    await requireFileAccess(id, user, canChangeFile)
    const file = await getFileLink(db, id, access(user))
    if (!file) throw new NotFoundError(NO_SUCH_FILE)
    if (!mayEditFile(user, file.file_type)) throw new ForbiddenError(FORM_FILE_REFUSED)
    if (!mayEditFileType(fileTypeAccess(user), file.file_type, changes.file_type))
      throw new ForbiddenError(FILE_TYPE_REFUSED)
    const saved = await updateFileLink(db, id, changes, { ...access(user), version })
    if (!saved) throw new NotFoundError(NO_SUCH_FILE)
    return saved
  },
  DELETE: async ({ params, user }) => {
    const id = requireId(params.id, 'file')
    await requireFileAccess(id, user, canChangeFile)
    if (!(await deleteFileLink(getDb(), id, access(user)))) throw new NotFoundError(NO_SUCH_FILE)
    return { status: 'DELETED', loidfid: id }
  },
}

const formsQuery = fileListQuerySchema({ fields: FILE_FIELDS, orders: FILE_ORDERS })

/** GET /api/file_objects/forms: the Form-type files (shared forms) with the fields asked for. */
export const formFilesApi: ApiHandlers = {
  GET: ({ request }) => {
    const query = readQuery(request, formsQuery)
    return formFiles(getDb(), { fields: query.fields, order: query.orders })
  },
}

/**
 * GET /download/{loidfid}: the file's bytes, streamed, as an attachment. A file the user may not see
 * is answered like one that does not exist (404 'No such file.', as a malformed id is).
 */
export const downloadApi: ApiHandlers = {
  GET: async ({ params, user }) => {
    const loidfid = requireId(params.loidfid, 'file', NO_SUCH_FILE)
    const db = getDb()
    const holder = await fileHolder(db, loidfid)
    if (!holder || !canReadFile(user, holder)) throw new NotFoundError(NO_SUCH_FILE)
    const file = await fileForDownload(db, loidfid, { isAdmin: user.isAdmin })
    if (!file) throw new NotFoundError(NO_SUCH_FILE)
    return attachment(file)
  },
}

/**
 * GET /api/firms/{id}/forms: the firm's files of type Form (the Files tab's list, one type), a page at
 * a time with the count.
 */
export const firmFormsApi: ApiHandlers = {
  GET: async ({ request, params, user }) => {
    const { fid, query } = await firmListCall({ request, params }, firmFormsQuerySchema)
    const found = await firmFilesPage(getDb(), fid, {
      isAdmin: user.isAdmin,
      type: FILE_TYPE_CODES.Form,
      page: query.page,
      size: query.perPage,
    })
    return pagedAnswer(found, found.total, query.perPage)
  },
}

/**
 * The file {fileId} (a loidfid) of firm {id}: a file of another record, or one the user may not see
 * (Admin files for non-admins), is 'No such file.' as an unknown one is.
 */
async function requireFirmFile({ params, user }: ApiContext): Promise<{ loidfid: number; holder: FileHolder }> {
  const fid = requireId(params.id, 'firm')
  const loidfid = requireId(params.fileId, 'file')
  const db = getDb()
  await requireFirm(db, fid)
  const holder = await fileHolder(db, loidfid)
  if (!holder || holder.fid !== fid || !canReadFile(user, holder)) throw new NotFoundError(NO_SUCH_FILE)
  return { loidfid, holder }
}

/**
 * GET /api/firms/{id}/files/{fileId}: the file's metadata as the Files tab lists it. DELETE removes it
 * from the firm (the stored bytes go when nothing else links them; the change is logged): the Files
 * tab's rule for changing a file, firm-edit, and a Form file only for the admin group.
 */
export const firmFileApi: ApiHandlers = {
  GET: async (context) => {
    const { loidfid } = await requireFirmFile(context)
    const file = await getFileLink(getDb(), loidfid, { isAdmin: context.user.isAdmin })
    if (!file) throw new NotFoundError(NO_SUCH_FILE)
    return file
  },
  DELETE: async (context) => {
    const { loidfid, holder } = await requireFirmFile(context)
    if (!canDeleteFirmFile(context.user, holder.fileType)) throw new ForbiddenError(FORM_FILE_DELETE_REFUSED)
    if (!(await deleteFileLink(getDb(), loidfid, access(context.user)))) throw new NotFoundError(NO_SUCH_FILE)
    return { status: 'DELETED', loidfid }
  },
}
