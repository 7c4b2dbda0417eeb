import { apiRoute } from '#app/http/api-route.server'
import { firmFileApi } from '#app/features/files/api.server'

const route = apiRoute('/api/firms/:id/files/:fileId', firmFileApi)

export const loader = route.loader
export const action = route.action
