import { getDb } from '#app/db/client.server'
import { NotFoundError } from '#app/domain/errors'
import { parseWith, readBody } from '#app/http/api.server'
import { apiRoute } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import { deleteContact, getContact, updateContact } from '#app/models/contact.server'
import { apiRecord } from '#app/schemas/api-record'
import { CONTACT_DELETED, CONTACT_UNCHANGED, contactPutSchema } from '#app/schemas/contact'

const notFound = () => new NotFoundError('No such contact.')

/**
 * GET /api/contacts/{id}: the contact with its version and people. PUT with the version read (people
 * optional: rows with plid update linked people, rows without are added); 409 with the current
 * contact when stale; an unchanged body answers status UNCHANGED. DELETE refuses a contact other
 * records name (the model's ContactInUseError: 409 CONTACT_IN_USE with the spec's message).
 */
const api = apiRoute('/api/contacts/:id', {
  GET: async ({ params }) => {
    const contact = await getContact(getDb(), requireId(params.id, 'contact'))
    if (!contact) throw notFound()
    return contact
  },
  PUT: async ({ request, params, user }) => {
    const cid = requireId(params.id, 'contact')
    const raw = await readBody(request, apiRecord)
    const { version, people, ...values } = parseWith(contactPutSchema, raw)
    const saved = await updateContact(getDb(), cid, version, values, 'people' in raw ? people : undefined, user.id)
    if (!saved.changed) return { status: 'UNCHANGED', message: CONTACT_UNCHANGED, contact: saved.contact }
    return saved.contact
  },
  DELETE: async ({ params, user }) => {
    if (!(await deleteContact(getDb(), requireId(params.id, 'contact'), user.id))) throw notFound()
    return { status: 'DELETED', message: CONTACT_DELETED }
  },
})

export const loader = api.loader
export const action = api.action
