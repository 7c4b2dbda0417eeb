import { HEALTH_GUARD, readinessApi } from '#app/features/health/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/readyz', readinessApi, HEALTH_GUARD)

export const loader = route.loader
export const action = route.action
