import { jobCountApi } from '#app/features/jobs/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/notes/jobs/count', jobCountApi)

export const loader = route.loader
export const action = route.action
