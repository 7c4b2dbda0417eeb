import { CommissionsPage, commissionsMeta } from '#app/features/commissions/commissions-page'
import { commissionIntents, loadCommissions } from '#app/features/commissions/commissions.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/manage/commissions', { load: loadCommissions, intents: commissionIntents })

export const loader = route.loader
export const action = route.action
export const meta = commissionsMeta
export default CommissionsPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
