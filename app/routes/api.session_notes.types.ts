import { SESSION_NOTE_TYPES_GUARD, sessionNoteTypesApi } from '#app/features/hours/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/session_notes/types', sessionNoteTypesApi, SESSION_NOTE_TYPES_GUARD)

export const loader = route.loader
export const action = route.action
