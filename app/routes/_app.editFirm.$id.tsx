import { EditFirmPage, editFirmMeta } from '#app/features/firms/edit-firm-page'
import { EDIT_FIRM_IDS, editFirmIntents, loadEditFirm } from '#app/features/firms/edit-firm.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editFirm/:id', {
  ids: EDIT_FIRM_IDS,
  load: loadEditFirm,
  intents: editFirmIntents,
  defaultIntent: '',
})

export const loader = route.loader
export const action = route.action
export const meta = editFirmMeta
export default EditFirmPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
