import { policyGroupTextApi } from '#app/features/policies/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** PUT /api/policies/group/{grpnum} (spec 3 §7). */
const route = apiRoute('/api/policies/group/:id', policyGroupTextApi)

export const loader = route.loader
export const action = route.action
