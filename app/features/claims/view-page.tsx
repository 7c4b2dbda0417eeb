import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ClaimView } from './claim-view'
import type { loadClaimView } from './view.server'

type ViewData = Awaited<ReturnType<typeof loadClaimView>>

export const viewClaimMeta: MetaFunction = ({ data }) => [
  { title: `Claim ${(data as ViewData | undefined)?.claim.clid ?? ''} · mga-desk` },
]

/** View claim (spec 3 §2.2): a popup without the app chrome, printable on Letter pages. */
export function ViewClaimPage() {
  const { claim, names, ledger } = useLoaderData<typeof loadClaimView>()
  return (
    <main style={{ padding: 16 }}>
      <ClaimView claim={claim} names={names} ledger={ledger} />
    </main>
  )
}
