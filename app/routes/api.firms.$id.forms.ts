import { apiRoute } from '#app/http/api-route.server'
import { firmFormsApi } from '#app/features/files/api.server'

const route = apiRoute('/api/firms/:id/forms', firmFormsApi)

export const loader = route.loader
export const action = route.action
