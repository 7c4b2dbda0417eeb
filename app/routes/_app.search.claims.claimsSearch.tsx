import '#app/features/claims/claims.css'
import { Stack, Title } from '#app/ui/core'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation, useNavigation, useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { ClaimResults } from '#app/features/claims/results'
import { ClaimSearchForm } from '#app/features/claims/search-form'
import { loadClaimsSearch } from '#app/features/claims/search.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/search/claims/claimsSearch'

export const meta: MetaFunction = () => [{ title: 'Claims · mga-desk' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadClaimsSearch(request, user)
}

/** Claims search (spec 3 §2.1): empty, loading and results states; the URL is the search. */
export default function ClaimsSearchPage() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const location = useLocation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  return (
    <Stack gap="sm" p="md">
      <Title order={1} size="h3">
        Claims
      </Title>
      <ClaimSearchForm
        key={location.search}
        values={data.values}
        checked={data.checked}
        picklists={data.picklists}
        counsel={data.counsel}
        moreOpen={data.moreOpen}
        hasResults={data.state.kind === 'results'}
      />
      <div aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }} data-state={loading ? 'loading' : data.state.kind}>
        <ClaimResults data={data} />
      </div>
    </Stack>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
