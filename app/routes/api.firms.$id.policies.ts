import { apiRoute } from '#app/http/api-route.server'
import { firmPoliciesApi } from '#app/features/policies/api-firm.server'

const route = apiRoute('/api/firms/:id/policies', firmPoliciesApi)

export const loader = route.loader
export const action = route.action
