import '#app/features/claims/claims.css'
import {
  CLAIM_EDIT_REFUSAL,
  CLAIM_RIGHTS_FAILED,
  claimEditorIntents,
  loadClaimEditor,
} from '#app/features/claims/editor.server'
import { CLAIM_IDS, claimExists } from '#app/features/claims/view.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editClaim/:id', {
  ids: CLAIM_IDS,
  exists: claimExists,
  rightsFailed: CLAIM_RIGHTS_FAILED,
  needs: ['canEditClaim'],
  refuse: CLAIM_EDIT_REFUSAL,
  load: loadClaimEditor,
  intents: claimEditorIntents,
  defaultIntent: 'save',
})

export const loader = route.loader
export const action = route.action
export { editClaimMeta as meta, EditClaimPage as default } from '#app/features/claims/editor-page'
export { ClaimEditorErrorBoundary as ErrorBoundary } from '#app/features/claims/editor-error'
