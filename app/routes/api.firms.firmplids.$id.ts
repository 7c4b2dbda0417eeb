import { apiRoute } from '#app/http/api-route.server'
import { firmPlidsApi } from '#app/features/firms/api.server'

const route = apiRoute('/api/firms/firmplids/:id', firmPlidsApi)

export const loader = route.loader
export const action = route.action
