import { createRequire } from 'node:module'

export interface RouteLike {
  id?: string
  path?: string
  index?: boolean
  children?: RouteLike[]
}
export interface RouteMatch {
  params: Record<string, string | undefined>
  pathname: string
  pathnameBase: string
  route: RouteLike
}
export type MatchRoutes = (
  routes: RouteLike[],
  location: string | { pathname?: string },
  basename?: string,
) => RouteMatch[] | null

/**
 * Remix's server matches each request's path through `@remix-run/router`'s `matchRoutes`, which
 * flattens and ranks all ~90 routes and compiles their patterns on every call: a fifth of the CPU of
 * the sign-in page. Remix builds a new copy of the route table for every render (the static router,
 * the route manifest it inlines), so the matches are kept by the table's shape (its route ids) and
 * the path, as route ids, and handed out as this table's own route objects. Production only: a
 * build's route table never changes while it runs.
 */
export function memoiseRouteMatching() {
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes }
  router.matchRoutes = memoisedMatchRoutes(router.matchRoutes)
}

/** `matchRoutes` answering from what it matched before for a table of the same route ids and the same path. */
export function memoisedMatchRoutes(original: MatchRoutes): MatchRoutes {
  interface Shape {
    key: number
    byId: Map<string, RouteLike>
  }
  const shapeKeys = new Map<string, number>()
  const shapes = new WeakMap<RouteLike[], Shape | null>()
  const shapeOf = (routes: RouteLike[]): Shape | null => {
    let shape = shapes.get(routes)
    if (shape !== undefined) return shape
    const byId = new Map<string, RouteLike>()
    const ids: string[] = []
    const visit = (list: RouteLike[]): boolean => {
      for (const route of list) {
        if (typeof route.id !== 'string' || byId.has(route.id)) return false
        byId.set(route.id, route)
        ids.push(route.id)
        if (route.children && !visit(route.children)) return false
      }
      return true
    }
    if (visit(routes)) {
      const idList = ids.join('\n')
      let key = shapeKeys.get(idList)
      if (key === undefined) shapeKeys.set(idList, (key = shapeKeys.size))
      shape = { key, byId }
    } else {
      shape = null
    }
    shapes.set(routes, shape)
    return shape
  }
  type Kept = { id: string; params: RouteMatch['params']; pathname: string; pathnameBase: string }[] | null
  const kept = new Map<string, Kept>()
  return (routes, location, basename) => {
    const pathname = typeof location === 'string' ? location : location.pathname
    const shape = pathname === undefined || pathname.includes('?') || pathname.includes('#') ? null : shapeOf(routes)
    if (!shape) return original(routes, location, basename)
    const key = `${shape.key} ${basename ?? ''} ${pathname}`
    let found = kept.get(key)
    if (found === undefined) {
      const matches = original(routes, location, basename)
      found =
        matches &&
        matches.map(({ route, params, pathname, pathnameBase }) => ({
          id: route.id as string,
          params,
          pathname,
          pathnameBase,
        }))
      if (kept.size >= 2000) kept.clear()
      kept.set(key, found)
    }
    return (
      found &&
      found.map(({ id, params, pathname, pathnameBase }) => ({
        route: shape.byId.get(id) as RouteLike,
        params: { ...params },
        pathname,
        pathnameBase,
      }))
    )
  }
}
