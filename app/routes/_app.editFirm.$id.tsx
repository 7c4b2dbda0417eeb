import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/http/guard.server'
import { EditFirmPage, editFirmMeta } from '#app/features/firms/edit-firm-page'
import { editFirmAction, loadEditFirm } from '#app/features/firms/edit-firm.server'
import { requireId } from '#app/http/ids.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/editFirm/:id'

export const meta = editFirmMeta

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, ROUTE)
  return loadEditFirm(request, requireId(params.id, 'firm'))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return editFirmAction(request, user, requireId(params.id, 'firm'))
}

export default EditFirmPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
