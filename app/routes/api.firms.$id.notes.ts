import { apiRoute } from '#app/http/api-route.server'
import { firmNotesApi } from '#app/features/notes/api.server'

const route = apiRoute('/api/firms/:id/notes', firmNotesApi)

export const loader = route.loader
export const action = route.action
