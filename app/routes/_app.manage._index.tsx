import { ManageIndex, manageMeta } from '#app/features/manage/manage-index'
import { loadManage } from '#app/features/manage/manage.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/manage', { load: loadManage })

export const loader = route.loader
export const meta = manageMeta
export default ManageIndex
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
