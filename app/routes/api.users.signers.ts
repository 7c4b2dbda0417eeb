import { signersApi } from '#app/features/note-editor/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/users/signers', signersApi)

export const loader = route.loader
export const action = route.action
