import { getDb } from '#app/db/client.server'
import { InvalidError } from '#app/domain/errors'
import { apiRoute } from '#app/http/api-route.server'
import { contactsOfType } from '#app/models/contact.server'

/** GET /api/contacts/type/{type} (Adjuster, Panel, …): cid, name1, sort and people of each contact. */
const api = apiRoute('/api/contacts/type/:type', {
  GET: ({ params }) => {
    const type = params.type ?? ''
    if (type.length > 60) throw new InvalidError('type is at most 60 characters')
    return contactsOfType(getDb(), type)
  },
})

export const loader = api.loader
export const action = api.action
