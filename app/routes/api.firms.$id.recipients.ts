import { apiRoute } from '#app/http/api-route.server'
import { firmRecipientsApi } from '#app/features/firms/api.server'

const route = apiRoute('/api/firms/:id/recipients', firmRecipientsApi)

export const loader = route.loader
export const action = route.action
