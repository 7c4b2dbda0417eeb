import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ClaimEditor, type ClaimEditorAnswer } from './editor'
import type { ClaimEditorData, loadClaimEditor } from './editor.server'

export const editClaimMeta: MetaFunction = ({ data }) => [
  { title: `Edit Claim ${(data as ClaimEditorData | undefined)?.claim.clid ?? ''} · mga-desk` },
]

/** Edit claim (spec 3 §2.3), a popup of 900x700 without the app chrome. */
export function EditClaimPage() {
  const data = useLoaderData<typeof loadClaimEditor>()
  const answer = useActionData() as ClaimEditorAnswer | undefined
  return (
    <main style={{ padding: 12 }}>
      <ClaimEditor data={data} answer={answer} />
    </main>
  )
}
