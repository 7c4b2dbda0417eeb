import { POLICY_IDS, loadPolicyEditor } from '#app/features/policies/editor.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/ViewPolicy/:id', { ids: POLICY_IDS, load: loadPolicyEditor })

export const loader = route.loader
export { viewPolicyMeta as meta, ViewPolicyPage as default } from '#app/features/policies/editor-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
