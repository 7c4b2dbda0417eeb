import { notesSearchApi } from '#app/features/notes/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/notes/search', notesSearchApi)

export const loader = route.loader
export const action = route.action
