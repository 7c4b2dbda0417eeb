import { ViewPolicyPage, viewPolicyMeta } from '#app/features/policies/editor-page'
import { POLICY_IDS, loadPolicyEditor } from '#app/features/policies/editor.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/ViewPolicy/:id', { ids: POLICY_IDS, load: loadPolicyEditor })

export const loader = route.loader
export const meta = viewPolicyMeta
export default ViewPolicyPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
