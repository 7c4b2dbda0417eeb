import { MgaBillingPage, mgaBillingMeta } from '#app/features/billing/billing-page'
import { loadMgaBilling, mgaBillingIntents } from '#app/features/billing/billing.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/manage/mgaBilling', { load: loadMgaBilling, intents: mgaBillingIntents })

export const loader = route.loader
export const action = route.action
export const meta = mgaBillingMeta
export default MgaBillingPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
