import { getDb } from '#app/db/client.server'
import { InvalidError, NotFoundError } from '#app/domain/errors'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { createContact, searchContacts } from '#app/models/contact.server'
import { apiRecord } from '#app/schemas/api-record'
import { contactPostSchema, contactQuerySchema } from '#app/schemas/contact'

/**
 * GET /api/contacts?search=&type=&limit=: contacts by sort (at most 2000), with count and a capped
 * flag when more matched. POST: a new contact (type as an array or '~A~B') with optional new people rows.
 */
const api = apiRoute('/api/contacts', {
  GET: async ({ request }) => {
    const found = await searchContacts(getDb(), readQuery(request, contactQuerySchema))
    return { result: found.rows, count: found.count, capped: found.capped }
  },
  POST: async ({ request, user }) => {
    const { people, ...values } = parseWith(contactPostSchema, await readBody(request, apiRecord))
    try {
      return Response.json(await createContact(getDb(), values, people, user.id), { status: 201 })
    } catch (error) {
      if (error instanceof NotFoundError) throw new InvalidError('A person row names a person that cannot be linked.')
      throw error
    }
  },
})

export const loader = api.loader
export const action = api.action
