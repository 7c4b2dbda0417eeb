import { bindAuthorityApi } from '#app/features/reports/bind-authority/bind-authority.server'
import { apiRoute } from '#app/http/api-route.server'

/** POST /api/reports/bindauthority (spec 3 §7). */
const route = apiRoute('/api/reports/bindauthority', bindAuthorityApi)

export const loader = route.loader
export const action = route.action
