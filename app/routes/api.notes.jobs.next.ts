import { nextJobApi } from '#app/features/jobs/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/notes/jobs/next', nextJobApi)

export const loader = route.loader
export const action = route.action
