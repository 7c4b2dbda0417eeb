import { canChangeFile, canReadFile, fileTypeAccess, type FileHolder } from '#app/auth/abilities'
import type { CurrentUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ForbiddenError, NotFoundError } from '#app/domain/errors'
import { FILE_TYPE_REFUSED, FORM_FILE_REFUSED, mayEditFile, mayEditFileType } from '#app/domain/files'
import { readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { deleteFileLink, fileHolder, getFileLink, updateFileLink } from '#app/models/file.server'
import { filePutSchema } from '#app/schemas/files'

const notFound = () => new NotFoundError('No such file.')

/** Files follow their record: unseen is 404 (as if absent), seen but not changeable is 403. */
async function requireFileAccess(
  id: number,
  user: CurrentUser,
  rule: (user: CurrentUser, file: FileHolder) => boolean,
) {
  const holder = await fileHolder(getDb(), id)
  if (!holder || !canReadFile(user, holder)) throw notFound()
  if (!rule(user, holder)) throw new ForbiddenError('You may not change this file.')
}

/**
 * GET /api/file_objects/{loidfid}: a file's metadata (Admin files do not exist for non-admins).
 * PUT {file_description, file_type[, version]}: Form files only by admins, a new type only among
 * those the user may pick (fileTypeAccess). DELETE removes the link.
 */
const api = apiRoute('/api/file_objects/:id', {
  GET: async ({ params, user }) => {
    const id = requireId(params.id, 'file')
    await requireFileAccess(id, user, canReadFile)
    const file = await getFileLink(getDb(), id, { isAdmin: user.isAdmin })
    if (!file) throw notFound()
    return file
  },
  PUT: async ({ request, params, user }) => {
    const id = requireId(params.id, 'file')
    const db = getDb()
    const access = { userId: user.id, isAdmin: user.isAdmin }
    const { version, ...changes } = await readBody(request, filePutSchema)
    await requireFileAccess(id, user, canChangeFile)
    const file = await getFileLink(db, id, access)
    if (!file) throw notFound()
    if (!mayEditFile(user, file.file_type)) throw new ForbiddenError(FORM_FILE_REFUSED)
    if (!mayEditFileType(fileTypeAccess(user), file.file_type, changes.file_type))
      throw new ForbiddenError(FILE_TYPE_REFUSED)
    const saved = await updateFileLink(db, id, changes, { ...access, version })
    if (!saved) throw notFound()
    return saved
  },
  DELETE: async ({ params, user }) => {
    const id = requireId(params.id, 'file')
    await requireFileAccess(id, user, canChangeFile)
    if (!(await deleteFileLink(getDb(), id, { userId: user.id, isAdmin: user.isAdmin }))) throw notFound()
    return { status: 'DELETED', loidfid: id }
  },
})

export const loader = api.loader
export const action = api.action
