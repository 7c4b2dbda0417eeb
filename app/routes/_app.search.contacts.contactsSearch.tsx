import type { LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { ContactsSearchPage, contactsSearchMeta } from '#app/features/contacts/contacts-search'
import { loadContactsSearch } from '#app/features/contacts/contacts-search.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/search/contacts/contactsSearch'

export const meta = contactsSearchMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadContactsSearch(request, user)
}

export default ContactsSearchPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
