import { passwordResetApi } from '#app/features/roles/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/users/:id/password_reset', passwordResetApi)

export const loader = route.loader
export const action = route.action
