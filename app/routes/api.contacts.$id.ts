import { contactApi } from '#app/features/contacts/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/contacts/:id', contactApi)

export const loader = route.loader
export const action = route.action
