import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { pageErrorFrom } from '#app/http/errors.server'
import { requireId } from '#app/http/ids.server'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { PolicyEditor } from '#app/features/policies/editor'
import { loadPolicyEditor } from '#app/features/policies/editor.server'

const ROUTE = '/ViewPolicy/:id'

export const meta: MetaFunction = ({ params }) => [{ title: `View Policy ${params.id ?? ''} · mga-desk` }]

/** The read-only policy view (spec 3 §2: popup 1000x700). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  const pid = requireId(params.id, 'policy', 'Failed to get Policy')
  return loadPolicyEditor(user, pid, new URL(request.url)).catch(pageErrorFrom)
}

export default function ViewPolicyPage() {
  return <PolicyEditor data={useLoaderData<typeof loader>()} readOnly />
}

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
