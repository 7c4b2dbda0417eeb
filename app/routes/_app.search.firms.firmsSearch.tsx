import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/http/guard.server'
import { FirmsSearchPage, firmsSearchMeta } from '#app/features/firms/firms-search-page'
import { firmsSearchAction, loadFirmsSearchPage } from '#app/features/firms/search.server'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { revalidateAfterConflict } from '#app/ui/revalidate'

const ROUTE = '/search/firms/firmsSearch'

export const meta = firmsSearchMeta

// The Policies tab's calculators and the firm's dialogs save on a version: after a lost race the page reloads.
export const shouldRevalidate = revalidateAfterConflict

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadFirmsSearchPage(request, user)
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return firmsSearchAction(request, user)
}

export default FirmsSearchPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
