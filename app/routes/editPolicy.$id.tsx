import { EditPolicyPage, editPolicyMeta } from '#app/features/policies/editor-page'
import { POLICY_IDS, loadPolicyEditor, policyEditorIntents } from '#app/features/policies/editor.server'
import { pageRoute } from '#app/http/page-route.server'
import { revalidateAfterConflict } from '#app/ui/revalidate'

const route = pageRoute('/editPolicy/:id', { ids: POLICY_IDS, load: loadPolicyEditor, intents: policyEditorIntents })

export const loader = route.loader
export const action = route.action
export const meta = editPolicyMeta
export const shouldRevalidate = revalidateAfterConflict
export default EditPolicyPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
