import { unknownApi, unknownApiPattern } from '#app/features/shell/api.server'
import { apiRoute } from '#app/http/api-route.server'

// Unknown API paths answer JSON 404, guarded first by the rule of the address asked for.
const route = apiRoute(unknownApiPattern, unknownApi)

export const loader = route.loader
export const action = route.action
