import { flatRoutes } from '@remix-run/fs-routes'
import type { RouteConfig } from '@remix-run/route-config'

// A test or helper beside the route modules is never a route.
export default flatRoutes({ ignoredRouteFiles: ['**/*.test.*', '**/.*'] }) satisfies RouteConfig
