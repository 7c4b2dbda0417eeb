import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { PolicyEditor } from './editor'
import type { EditorActionResult, PolicyEditorData } from './editor-types'

export const editPolicyMeta: MetaFunction = ({ params }) => [{ title: `Edit Policy ${params.id ?? ''} · mga-desk` }]
export const viewPolicyMeta: MetaFunction = ({ params }) => [{ title: `View Policy ${params.id ?? ''} · mga-desk` }]

/** Edit policy (spec 3 §2.4). */
export function EditPolicyPage() {
  const data = useLoaderData() as PolicyEditorData
  const answer = useActionData() as EditorActionResult | undefined
  return <PolicyEditor data={data} actionResult={answer} readOnly={false} />
}

/** The read-only policy view (spec 3 §2: popup 1000x700). */
export function ViewPolicyPage() {
  return <PolicyEditor data={useLoaderData() as PolicyEditorData} readOnly />
}
