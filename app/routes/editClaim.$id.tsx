import '#app/features/claims/claims.css'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ClaimEditor, type ClaimEditorAnswer } from '#app/features/claims/editor'
import { ClaimEditorErrorBoundary } from '#app/features/claims/editor-error'
import { requireClaimEditorUser } from '#app/features/claims/editor-guard.server'
import { claimEditorAction, loadClaimEditor } from '#app/features/claims/editor.server'

const ROUTE = '/editClaim/:id'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit Claim ${data?.claim.clid ?? ''} · mga-desk` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireClaimEditorUser(request, ROUTE)
  return loadClaimEditor(request, user, params.id)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireClaimEditorUser(request, ROUTE)
  return claimEditorAction(request, user, params.id)
}

/** Edit claim (spec 3 §2.3), a popup of 900x700 without the app chrome. */
export default function EditClaimPage() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as ClaimEditorAnswer | undefined
  return (
    <main style={{ padding: 12 }}>
      <ClaimEditor data={data} answer={answer} />
    </main>
  )
}

export const ErrorBoundary = ClaimEditorErrorBoundary
