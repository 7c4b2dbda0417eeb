import { FirmPopupErrorBoundary, FirmPopupPage, firmPopupMeta } from '#app/features/firms/popup-page'
import { firmPopupRoute } from '#app/features/firms/popup.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

// The firm viewer alone, sized for its popup (spec 2 §2.2); the guard uses this route's pattern.
const popup = firmPopupRoute('/viewFirmNoNote/:id')

export const meta = firmPopupMeta
export const loader = popup.loader
export const shouldRevalidate = revalidateAfterConflict
export const action = popup.action
export default FirmPopupPage
export const ErrorBoundary = FirmPopupErrorBoundary
