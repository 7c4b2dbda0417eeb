import { RolesPage, rolesMeta } from '#app/features/roles/roles-page'
import { loadRoles, rolesIntents } from '#app/features/roles/roles.server'
import { pageRoute } from '#app/http/page-route.server'

// Spec 1 §2.7: role-edit; without it the user is signed out and sent to Login (the registry's signOut).
const route = pageRoute('/rights/Roles', { load: loadRoles, intents: rolesIntents })

export const loader = route.loader
export const action = route.action
export const meta = rolesMeta
export default RolesPage
export { RouteErrorBoundary as ErrorBoundary } from '#app/ui/error-panel'
