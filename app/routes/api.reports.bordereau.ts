import { bordereauApi } from '#app/features/reports/bordereau/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/reports/bordereau', bordereauApi)

export const loader = route.loader
export const action = route.action
