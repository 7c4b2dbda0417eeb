import { ContactsSearchPage, contactsSearchMeta } from '#app/features/contacts/contacts-search'
import { loadContactsSearch } from '#app/features/contacts/contacts-search.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/search/contacts/contactsSearch', { load: loadContactsSearch })

export const loader = route.loader
export const meta = contactsSearchMeta
export default ContactsSearchPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
