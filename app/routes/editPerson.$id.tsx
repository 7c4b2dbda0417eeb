import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { EditPersonPage, editPersonMeta } from '#app/features/people/edit-person-page'
import { editPersonAction, loadEditPerson } from '#app/features/people/edit-person.server'
import { requireId } from '#app/http/ids.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/editPerson/:id'

export const meta = editPersonMeta

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadEditPerson(user, requireId(params.id, 'person'))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return editPersonAction(request, user, requireId(params.id, 'person'))
}

export default EditPersonPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
