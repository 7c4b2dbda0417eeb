import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiError, requireUser } from '#app/auth/guard.server'
import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/models/change-log.server'
import { createContact, searchContacts } from '#app/models/contact.server'
import { apiRecord } from '#app/schemas/api-record'
import { describeIssues, methodNotAllowed, readBody, readQuery } from '#app/http/api.server'
import { contactPostSchema, contactQuerySchema } from '#app/schemas/contact'

const ROUTE = '/api/contacts'

/**
 * GET /api/contacts?search=&type=&limit=: contacts by sort (at most 2000), with count and a capped
 * flag when more matched.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  const query = readQuery(request, contactQuerySchema)
  const found = await searchContacts(getDb(), query)
  return Response.json({ result: found.rows, count: found.count, capped: found.capped })
}

/** POST /api/contacts: a new contact (type as an array or '~A~B') with optional new people rows. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') {
    await requireUser(request, '/api/*')
    return methodNotAllowed(['GET', 'POST'])
  }
  const user = await requireUser(request, ROUTE)
  const parsed = contactPostSchema.safeParse(await readBody(request, apiRecord))
  if (!parsed.success) return apiError(400, 'INVALID_PARAMS', describeIssues(parsed.error))
  const { people, ...values } = parsed.data
  try {
    return Response.json(await createContact(getDb(), values, people, user.id), { status: 201 })
  } catch (error) {
    if (error instanceof NotFoundError) return apiError(400, 'INVALID_PARAMS', 'A person row names a person that cannot be linked.')
    throw error
  }
}
