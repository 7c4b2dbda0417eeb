import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { PeopleSearchPage, peopleSearchMeta } from '#app/features/people/people-search'
import { loadPeopleSearch, peopleSearchAction } from '#app/features/people/people-search.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/search/people/peopleSearch'

export const meta = peopleSearchMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadPeopleSearch(request, user)
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return peopleSearchAction(request, user)
}

export default PeopleSearchPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
