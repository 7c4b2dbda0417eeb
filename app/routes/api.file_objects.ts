import { fileObjectsApi } from '#app/features/files/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/file_objects', fileObjectsApi)

export const loader = route.loader
export const action = route.action
