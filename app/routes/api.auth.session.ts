import { SESSION_GUARD, sessionApi } from '#app/features/session/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/auth/session', sessionApi, SESSION_GUARD)

export const loader = route.loader
export const action = route.action
