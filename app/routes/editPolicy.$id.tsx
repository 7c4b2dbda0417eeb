import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { pageErrorFrom } from '#app/http/errors.server'
import { requireId } from '#app/http/ids.server'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { PolicyEditor } from '#app/features/policies/editor'
import { revalidateAfterConflict } from '#app/ui/revalidate'
import { loadPolicyEditor, policyEditorAction } from '#app/features/policies/editor.server'

const ROUTE = '/editPolicy/:id'

export const shouldRevalidate = revalidateAfterConflict

export const meta: MetaFunction = ({ params }) => [{ title: `Edit Policy ${params.id ?? ''} · mga-desk` }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const pid = requireId(params.id, 'policy', 'Failed to get Policy')
  return loadPolicyEditor(user, pid, new URL(request.url)).catch(pageErrorFrom)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const pid = requireId(params.id, 'policy', 'Failed to get Policy')
  return policyEditorAction(request, user, pid)
}

export default function EditPolicyPage() {
  return (
    <PolicyEditor
      data={useLoaderData<typeof loader>()}
      actionResult={useActionData<typeof action>()}
      readOnly={false}
    />
  )
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
