import { RELOGIN_GUARD, reloginApi } from '#app/features/session/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/auth/relogin', reloginApi, RELOGIN_GUARD)

export const loader = route.loader
export const action = route.action
