import { downloadApi } from '#app/features/files/api.server'
import { apiRoute } from '#app/http/api-route.server'

const route = apiRoute('/download/:loidfid', downloadApi)

export const loader = route.loader
