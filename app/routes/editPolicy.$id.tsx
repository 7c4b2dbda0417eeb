import { POLICY_IDS, loadPolicyEditor, policyEditorIntents } from '#app/features/policies/editor.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/editPolicy/:id', { ids: POLICY_IDS, load: loadPolicyEditor, intents: policyEditorIntents })

export const loader = route.loader
export const action = route.action
export { editPolicyMeta as meta, EditPolicyPage as default } from '#app/features/policies/editor-page'
export { revalidateAfterConflict as shouldRevalidate } from '#app/ui/revalidate'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
