import { ViewFirmErrorBoundary, ViewFirmPage, viewFirmMeta } from '#app/features/firms/view-firm-page'
import { viewFirmRoute } from '#app/features/firms/view-firm.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// The firm viewer on a page of its own (spec 1 §2.1); the guard uses this route's pattern.
const page = viewFirmRoute('/search/firms/viewFirm')

export const meta = viewFirmMeta
export const loader = page.loader
export const shouldRevalidate = revalidateAfterConflict
export const action = page.action
export default ViewFirmPage
export const ErrorBoundary = ViewFirmErrorBoundary
