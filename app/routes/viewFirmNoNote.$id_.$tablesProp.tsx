import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { RouteErrorPanel } from '#app/ui/error-panel'
import { FirmPopupPage } from '#app/features/firms/popup-page'
import { popupAction, popupLoader } from '#app/features/firms/popup.server'

const ROUTE = '/viewFirmNoNote/:id/:tablesProp'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.firm.sort ?? 'Firm'} · mga-desk` }]
export const loader = (args: LoaderFunctionArgs) => popupLoader(args, ROUTE)
export const action = (args: ActionFunctionArgs) => popupAction(args, ROUTE)
export default FirmPopupPage
export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
