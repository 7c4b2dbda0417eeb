import { bordereauDownloadApi } from '#app/features/reports/bordereau/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/reports/bordereau/download', bordereauDownloadApi)

export const loader = route.loader
export const action = route.action
