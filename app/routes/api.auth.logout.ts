import { logoutApi } from '#app/features/session/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/auth/logout', logoutApi, { public: true })

export const loader = route.loader
export const action = route.action
