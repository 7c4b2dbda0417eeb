import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { CLAIM_MESSAGES, RIGHTS_FAILED_CODE } from '#app/domain/claims'
import { ErrorPanel, RouteErrorPanel } from '#app/ui/error-panel'

/**
 * The claim editor's error panel: the spec's 'Failed to get rights.' when the user's rights could not
 * be read (editor-guard.server.ts, 503 RIGHTS_FAILED), every other error as the route error panel shows it.
 */
export function ClaimEditorErrorBoundary() {
  const error = useRouteError()
  if (
    isRouteErrorResponse(error) &&
    error.status === 503 &&
    (error.data as { status?: unknown } | null)?.status === RIGHTS_FAILED_CODE
  )
    return <ErrorPanel text={CLAIM_MESSAGES.rightsFailed} detail={`HTTP 503 ${RIGHTS_FAILED_CODE}`} />
  return <RouteErrorPanel error={error} />
}
