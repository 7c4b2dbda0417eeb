import { ROLES_PAGE } from '#app/features/roles/roles.server'
import { pageRoute } from '#app/http/page-route.server'

const route = pageRoute('/rights/Roles', ROLES_PAGE)

export const loader = route.loader
export const action = route.action
export { rolesMeta as meta, RolesPage as default } from '#app/features/roles/roles-page'
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
