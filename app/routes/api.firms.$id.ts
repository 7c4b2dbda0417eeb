import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { getFirm, updateFirm } from '#app/models/firm.server'
import { describeIssues, methodNotAllowed, readBody } from '#app/http/api.server'
import { firmPutSchema } from '#app/schemas/firm'
import { apiRecord } from '#app/schemas/api-record'

const ROUTE = '/api/firms/:id'

function firmId(param: string | undefined): number | null {
  const fid = Number(param)
  return Number.isInteger(fid) && fid > 0 && fid < 2 ** 31 ? fid : null
}

/** GET /api/firms/{id}: the firm with its version (send it back on PUT). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const fid = firmId(params.id)
  const firm = fid ? await getFirm(getDb(), fid) : null
  if (!firm) return apiError(404, 'NOT_FOUND', 'No such firm.')
  return Response.json(firm)
}

/** PUT /api/firms/{id}: saves the firm fields; a stale version answers 409 with the current firm. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'PUT'])
  }
  const user = await requireUser(request, ROUTE)
  const fid = firmId(params.id)
  if (!fid) return apiError(404, 'NOT_FOUND', 'No such firm.')
  const raw = await readBody(request, apiRecord)
  const parsed = firmPutSchema.safeParse(raw)
  if (!parsed.success) return apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  const { version, ...changes } = parsed.data
  try {
    return Response.json(await updateFirm(getDb(), fid, version, changes, user.id))
  } catch (error) {
    if (error instanceof ConflictError) return apiError(409, 'CONFLICT', error.message, { current: error.current })
    if (error instanceof NotFoundError) return apiError(404, 'NOT_FOUND', 'No such firm.')
    throw error
  }
}
