import { jobsApi } from '#app/features/jobs/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/notes/jobs', jobsApi)

export const loader = route.loader
export const action = route.action
