import { tranlogsApi } from '#app/features/notes/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/api/tranlogs', tranlogsApi)

export const loader = route.loader
export const action = route.action
