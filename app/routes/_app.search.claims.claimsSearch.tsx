import type { LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { ClaimsSearchPage, claimsSearchMeta } from '#app/features/claims/search-page'
import { loadClaimsSearch } from '#app/features/claims/search.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/search/claims/claimsSearch'

export const meta = claimsSearchMeta

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadClaimsSearch(request, user)
}

export default ClaimsSearchPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
