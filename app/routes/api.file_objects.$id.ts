import { fileObjectApi } from '#app/features/files/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/file_objects/:id', fileObjectApi)

export const loader = route.loader
export const action = route.action
