import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, hasScope, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { FILE_TYPE_REFUSED, mayEditFileType } from '#app/domain/files'
import { ConflictError } from '#app/models/change-log.server'
import { deleteFileLink, getFileLink, updateFileLink } from '#app/models/file.server'
import { methodNotAllowed, readBody } from '#app/http/api.server'
import { fileIdSchema, filePutSchema } from '#app/schemas/files'

const ROUTE = '/api/file_objects/:id'
const notFound = () => apiError(404, 'NOT_FOUND', 'No such file.')

/** GET /api/file_objects/{loidfid}: a file's metadata. Admin files do not exist for non-admins. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const id = fileIdSchema.safeParse(params.id)
  const file = id.success ? await getFileLink(getDb(), id.data, { isAdmin: user.isAdmin }) : null
  return file ? Response.json(file) : notFound()
}

/**
 * PUT {file_description, file_type[, version]}: Form files only by admins, a new type only among
 * those the user may pick (Form: admin or firmfile-override; Admin: admin). DELETE removes the link.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  }
  const user = await requireUser(request, ROUTE)
  const id = fileIdSchema.safeParse(params.id)
  if (!id.success) return notFound()
  const db = getDb()
  const access = { userId: user.id, isAdmin: user.isAdmin }
  if (request.method === 'DELETE') {
    return (await deleteFileLink(db, id.data, access)) ? Response.json({ status: 'DELETED', loidfid: id.data }) : notFound()
  }
  const { version, ...changes } = await readBody(request, filePutSchema)
  const file = await getFileLink(db, id.data, access)
  if (!file) return notFound()
  if (!mayEditFileType({ isAdmin: user.isAdmin, formOverride: hasScope(user, 'firmfile-override') }, file.file_type, changes.file_type)) {
    return apiError(403, 'FORBIDDEN', FILE_TYPE_REFUSED)
  }
  try {
    const saved = await updateFileLink(db, id.data, changes, { ...access, version })
    return saved ? Response.json(saved) : notFound()
  } catch (error) {
    if (error instanceof ConflictError) return apiError(409, 'CONFLICT', error.message, { current: error.current })
    throw error
  }
}
