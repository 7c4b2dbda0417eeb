import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { ErrorPanel, RouteErrorPanel } from '#app/ui/error-panel'
import { FirmPopupPage } from '#app/features/firms/popup-page'
import { notePopupLoader, popupAction } from '#app/features/firms/popup.server'
import { NOTE_MESSAGES } from '#app/domain/notes'

const ROUTE = '/viewFirmNote/:id'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.firm.sort ?? 'Note'} · mga-desk` }]
export const loader = (args: LoaderFunctionArgs) => notePopupLoader(args, ROUTE)
export const action = (args: ActionFunctionArgs) => popupAction(args, ROUTE)
export default FirmPopupPage
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPanel title="Note not found" text={NOTE_MESSAGES.loadFailed} detail="HTTP 404" />
  return <RouteErrorPanel error={error} />
}
