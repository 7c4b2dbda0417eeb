import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { FirmPopupPage, firmPopupMeta } from '#app/features/firms/popup-page'
import { firmPopupRoute, notePopupLoader } from '#app/features/firms/popup.server'
import { NOTE_MESSAGES } from '#app/domain/notes'
import { ErrorPanel, RouteErrorPanel } from '#app/ui/error-panel'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// A note's firm in the firm popup, on its Notes tab with the note chosen (spec 2 §2.2).
const popup = firmPopupRoute('/viewFirmNote/:id', notePopupLoader)

export const meta = firmPopupMeta
export const loader = popup.loader
export const shouldRevalidate = revalidateAfterConflict
export const action = popup.action
export default FirmPopupPage
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPanel title="Note not found" text={NOTE_MESSAGES.loadFailed} detail="HTTP 404" />
  return <RouteErrorPanel error={error} />
}
