import { loadNoPage, unknownPagePattern } from '#app/features/shell/shell.server'
import { pageRoute } from '#app/http/page-route.server'

// Unknown addresses: a 404 page inside the shell, guarded first by the rule of the address asked for.
const route = pageRoute(unknownPagePattern, { load: loadNoPage })

export const loader = route.loader
export { notFoundMeta as meta, NotFoundPage as default } from '#app/features/shell/not-found-page'
export { NotFoundBoundary as ErrorBoundary } from '#app/features/shell/not-found-page'
