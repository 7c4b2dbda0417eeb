import { EDIT_FIRM_IDS, editFirmIntents, loadEditFirm } from '#app/features/firms/edit-firm.server'
import { pageRoute } from '#app/http/page-route.server'

// A form without an intent is the dialog's save ('' in the intent table).
const route = pageRoute('/editFirm/:id', { ids: EDIT_FIRM_IDS, load: loadEditFirm, intents: editFirmIntents })

export const loader = route.loader
export const action = route.action
export { editFirmMeta as meta, EditFirmPage as default } from '#app/features/firms/edit-firm-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
