import { HEALTH_GUARD, livenessApi } from '#app/features/health/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/healthz', livenessApi, HEALTH_GUARD)

export const loader = route.loader
export const action = route.action
