import { canDeleteFirmFile, canReadFile, type FileHolder } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { FILE_TYPE_CODES, FORM_FILE_DELETE_REFUSED } from '#app/domain/files'
import { notFoundMessage } from '#app/domain/ids'
import { readQuery } from '#app/http/api.server'
import type { ApiContext, ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { deleteFileLink, fileHolder, firmFilesPage, getFileLink } from '#app/models/file.server'
import { requireFirm } from '#app/models/firm.server'
import { firmFormsQuerySchema } from '#app/schemas/firm-calls'

/** A firm's files in the calls of spec 2 §7, by the Files tab's rules (files follow their record's visibility). */

/**
 * GET /api/firms/{id}/forms: the firm's files of type Form (the Files tab's list, one type), a page at
 * a time with the count.
 */
export const firmFormsApi: ApiHandlers = {
  GET: async ({ request, params, user }) => {
    const fid = requireId(params.id, 'firm')
    const query = readQuery(request, firmFormsQuerySchema)
    const db = getDb()
    await requireFirm(db, fid)
    const found = await firmFilesPage(db, fid, {
      isAdmin: user.isAdmin,
      type: FILE_TYPE_CODES.Form,
      page: query.page,
      size: query.perPage,
    })
    return {
      result: found.rows,
      count: found.total,
      page: found.page,
      perPage: query.perPage,
      totalpages: found.pages,
    }
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
  if (!holder || holder.fid !== fid || !canReadFile(user, holder)) throw new NotFoundError(notFoundMessage('file'))
  return { loidfid, holder }
}

const access = (user: CurrentUser) => ({ userId: user.id, isAdmin: user.isAdmin })

/**
 * GET /api/firms/{id}/files/{fileId}: the file's metadata as the Files tab lists it. DELETE removes it
 * from the firm (the stored bytes go when nothing else links them; the change is logged): the Files
 * tab's rule for changing a file, firm-edit, and a Form file only for the admin group.
 */
export const firmFileApi: ApiHandlers = {
  GET: async (context) => {
    const { loidfid } = await requireFirmFile(context)
    const file = await getFileLink(getDb(), loidfid, { isAdmin: context.user.isAdmin })
    if (!file) throw new NotFoundError(notFoundMessage('file'))
    return file
  },
  DELETE: async (context) => {
    const { loidfid, holder } = await requireFirmFile(context)
    if (!canDeleteFirmFile(context.user, holder.fileType)) throw new ForbiddenError(FORM_FILE_DELETE_REFUSED)
    if (!(await deleteFileLink(getDb(), loidfid, access(context.user))))
      throw new NotFoundError(notFoundMessage('file'))
    return { status: 'DELETED', loidfid }
  },
}
