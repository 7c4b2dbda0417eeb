import { policyFilesApi } from '#app/features/policies/api.server'
import { apiRoute } from '#app/http/api-route.server'

/** GET and PUT /api/policies/{id}/files (spec 3 §7). */
const route = apiRoute('/api/policies/:id/files', policyFilesApi)

export const loader = route.loader
export const action = route.action
