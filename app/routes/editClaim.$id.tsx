import '#app/features/claims/claims.css'
import { EditClaimPage, editClaimMeta } from '#app/features/claims/editor-page'
import { CLAIM_EDIT_REFUSAL, claimEditorIntents, loadClaimEditor } from '#app/features/claims/editor.server'
import { CLAIM_IDS } from '#app/features/claims/view.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editClaim/:id', {
  ids: CLAIM_IDS,
  needs: ['canEditClaim'],
  refuse: CLAIM_EDIT_REFUSAL,
  load: loadClaimEditor,
  intents: claimEditorIntents,
  defaultIntent: 'save',
})

export const loader = route.loader
export const action = route.action
export const meta = editClaimMeta
export default EditClaimPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
