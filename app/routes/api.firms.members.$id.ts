import { apiRoute } from '#app/http/api-route.server'
import { firmMembersApi } from '#app/features/firms/api.server'

const route = apiRoute('/api/firms/members/:id', firmMembersApi)

export const loader = route.loader
export const action = route.action
