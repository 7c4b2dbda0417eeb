import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useRouteError } from '@remix-run/react'
import { requireUser } from '#app/auth/guard.server'
import { EditContactPage, editContactMeta } from '#app/features/contacts/edit-contact-page'
import { contactFormAction, contactTarget, loadContactPage } from '#app/features/contacts/contact-page.server'
import { RouteErrorPanel } from '#app/ui/error-panel'

const ROUTE = '/editContact/:id'

export const meta = editContactMeta

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return loadContactPage(request, user, contactTarget(params.id))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, ROUTE)
  return contactFormAction(request, user, contactTarget(params.id))
}

/** Edit/Add Contact as its own page: the popup and the no-JavaScript fallback of the dialog. */
export default EditContactPage

export function ErrorBoundary() {
  return <RouteErrorPanel error={useRouteError()} />
}
