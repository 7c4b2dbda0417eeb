import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { ConflictError, NotFoundError } from '#app/models/change-log.server'
import { ContactInUseError, deleteContact, getContact, updateContact } from '#app/models/contact.server'
import { apiRecord } from '#app/schemas/api-record'
import { describeIssues, methodNotAllowed, readBody } from '#app/http/api.server'
import { CONTACT_DELETE_FAILED, CONTACT_DELETED, CONTACT_UNCHANGED, contactPutSchema } from '#app/schemas/contact'

const ROUTE = '/api/contacts/:id'

function contactId(param: string | undefined): number | null {
  const cid = Number(param)
  return Number.isInteger(cid) && cid > 0 && cid < 2 ** 31 ? cid : null
}

/** GET /api/contacts/{id}: the contact with its version and people. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const cid = contactId(params.id)
  const contact = cid ? await getContact(getDb(), cid) : null
  if (!contact) return apiError(404, 'NOT_FOUND', 'No such contact.')
  return Response.json(contact)
}

/**
 * PUT /api/contacts/{id} with the version read (people optional: rows with plid update linked people,
 * rows without are added); 409 with the current contact when stale; an unchanged body answers
 * status UNCHANGED. DELETE refuses a contact other records name (409, the spec's message).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  }
  const user = await requireUser(request, ROUTE)
  const cid = contactId(params.id)
  if (!cid) return apiError(404, 'NOT_FOUND', 'No such contact.')
  const db = getDb()
  if (request.method === 'DELETE') {
    try {
      if (!(await deleteContact(db, cid, user.id))) return apiError(404, 'NOT_FOUND', 'No such contact.')
    } catch (error) {
      if (error instanceof ContactInUseError) return apiError(409, 'CONTACT_IN_USE', CONTACT_DELETE_FAILED)
      throw error
    }
    return Response.json({ status: 'DELETED', message: CONTACT_DELETED })
  }
  const raw = await readBody(request, apiRecord)
  const parsed = contactPutSchema.safeParse(raw)
  if (!parsed.success) return apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  const { version, people, ...values } = parsed.data
  try {
    const saved = await updateContact(db, cid, version, values, 'people' in raw ? people : undefined, user.id)
    if (!saved.changed) return Response.json({ status: 'UNCHANGED', message: CONTACT_UNCHANGED, contact: saved.contact })
    return Response.json(saved.contact)
  } catch (error) {
    if (error instanceof ConflictError) return apiError(409, 'CONFLICT', error.message, { current: error.current })
    if (error instanceof NotFoundError) return apiError(404, 'NOT_FOUND', 'No such contact.')
    throw error
  }
}
