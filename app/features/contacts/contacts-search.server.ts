import { canEditContacts } from '#app/auth/abilities'
import { getDb } from '#app/db/client.server'
import { describeTypes } from '#app/domain/contact-types'
import { formatPhone } from '#app/domain/masks'
import { TRUNCATION, truncateBy } from '#app/domain/truncate'
import { requireId } from '#app/http/ids.server'
import type { PageContext } from '#app/http/page-route.server'
import { searchContacts } from '#app/models/contact.server'
import { contactsSearchParamsSchema } from '#app/schemas/contact'
import { loadContactForm } from './contact-page.server'

/**
 * /search/contacts/contactsSearch (spec 2 §2.8): the search is `q`; the dialog (`?contact={cid}`) is
 * rendered by the server too, so it opens without JavaScript.
 */
export async function loadContactsSearch({ user, url }: PageContext) {
  const q = contactsSearchParamsSchema.parse({ q: url.searchParams.get('q') ?? undefined }).q ?? ''
  const found = await searchContacts(getDb(), { search: q })
  const rows = found.rows.map((row) => {
    const types = describeTypes(row.type)
    const place = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    return {
      cid: row.cid,
      sort: row.sort,
      name: [row.name1, row.name2].filter(Boolean).join(' · '),
      types,
      type: truncateBy(types, TRUNCATION.contactType),
      phone: formatPhone(row.phone),
      fax: formatPhone(row.fax),
      address: [row.address1, row.address2, place].filter(Boolean).join(', '),
    }
  })
  const dialog = url.searchParams.has('contact')
    ? await loadContactForm(user, requireId(url.searchParams.get('contact') ?? '', 'contact'))
    : null
  return { q, rows, count: found.count, capped: found.capped, canEdit: canEditContacts(user), dialog }
}
export type ContactsSearchRow = Awaited<ReturnType<typeof loadContactsSearch>>['rows'][number]
