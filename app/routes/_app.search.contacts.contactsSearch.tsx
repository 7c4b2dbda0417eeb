import { loadContactsSearch } from '#app/features/contacts/contacts-search.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/search/contacts/contactsSearch', { load: loadContactsSearch })

export const loader = route.loader
export { contactsSearchMeta as meta, ContactsSearchPage as default } from '#app/features/contacts/contacts-search'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
