import '#app/features/claims/claims.css'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { ClaimView } from '#app/features/claims/claim-view'
import { loadClaimView } from '#app/features/claims/view.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/viewClaim/:id'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Claim ${data?.claim.clid ?? ''} · mga-desk` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  return loadClaimView(params.id)
}

/** View claim (spec 3 §2.2): a popup without the app chrome, printable on Letter pages. */
export default function ViewClaimPage() {
  const { claim, names, ledger } = useLoaderData<typeof loader>()
  return (
    <main style={{ padding: 16 }}>
      <ClaimView claim={claim} names={names} ledger={ledger} />
    </main>
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
