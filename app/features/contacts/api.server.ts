import { getDb } from '#app/db/client.server'
import { InvalidError, NotFoundError } from '#app/domain/errors'
import { parseWith, readBody, readQuery } from '#app/http/api.server'
import type { ApiHandlers } from '#app/http/api-route.server'
import { requireId } from '#app/http/ids.server'
import * as contacts from '#app/models/contact.server'
import { apiRecord } from '#app/schemas/api-record'
import {
  CONTACT_DELETED,
  CONTACT_UNCHANGED,
  contactPostSchema,
  contactPutSchema,
  contactQuerySchema,
} from '#app/schemas/contact'

const notFound = () => new NotFoundError('No such contact.')

/**
 * /api/contacts: GET ?search=&type=&limit= lists contacts by sort (at most 2000), with count and a
 * capped flag when more matched. POST: a new contact (type as an array or '~A~B') with optional new
 * people rows.
 */
export const contactsApi: ApiHandlers = {
  GET: async ({ request }) => {
    const found = await contacts.searchContacts(getDb(), readQuery(request, contactQuerySchema))
    return { result: found.rows, count: found.count, capped: found.capped }
  },
  POST: async ({ request, user }) => {
    const { people, ...values } = parseWith(contactPostSchema, await readBody(request, apiRecord))
    try {
      return Response.json(await contacts.createContact(getDb(), values, people, user.id), { status: 201 })
    } catch (error) {
      if (error instanceof NotFoundError) throw new InvalidError('A person row names a person that cannot be linked.')
      throw error
    }
  },
}

/**
 * /api/contacts/{id}: GET the contact with its version and people. PUT with the version read (people
 * optional: rows with plid update linked people, rows without are added); 409 with the current
 * contact when stale; an unchanged body answers status UNCHANGED. DELETE refuses a contact other
 * records name (the model's ContactInUseError: 409 CONTACT_IN_USE with the spec's message).
 */
export const contactApi: ApiHandlers = {
  GET: async ({ params }) => {
    const contact = await contacts.getContact(getDb(), requireId(params.id, 'contact'))
    if (!contact) throw notFound()
    return contact
  },
  PUT: async ({ request, params, user }) => {
    const cid = requireId(params.id, 'contact')
    const raw = await readBody(request, apiRecord)
    const { version, people, ...values } = parseWith(contactPutSchema, raw)
    const saved = await contacts.updateContact(
      getDb(),
      cid,
      version,
      values,
      'people' in raw ? people : undefined,
      user.id,
    )
    if (!saved.changed) return { status: 'UNCHANGED', message: CONTACT_UNCHANGED, contact: saved.contact }
    return saved.contact
  },
  DELETE: async ({ params, user }) => {
    if (!(await contacts.deleteContact(getDb(), requireId(params.id, 'contact'), user.id))) throw notFound()
    return { status: 'DELETED', message: CONTACT_DELETED }
  },
}

/**
 * GET /api/contacts/byfid/{fid}: the contacts named by a firm's claims (adjuster, defense) and by its
 * policies and their programs, with their people. An unknown firm has none.
 */
export const contactsByFirmApi: ApiHandlers = {
  GET: ({ params }) => contacts.contactsByFirm(getDb(), requireId(params.fid, 'firm')),
}

/** GET /api/contacts/type/{type} (Adjuster, Panel, …): cid, name1, sort and people of each contact. */
export const contactsOfTypeApi: ApiHandlers = {
  GET: ({ params }) => {
    const type = params.type ?? ''
    if (type.length > 60) throw new InvalidError('type is at most 60 characters')
    return contacts.contactsOfType(getDb(), type)
  },
}
