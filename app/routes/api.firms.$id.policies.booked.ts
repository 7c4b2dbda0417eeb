import { apiRoute } from '#app/http/api-route.server'
import { firmBookedPoliciesApi } from '#app/features/policies/api-firm.server'

const route = apiRoute('/api/firms/:id/policies/booked', firmBookedPoliciesApi)

export const loader = route.loader
export const action = route.action
