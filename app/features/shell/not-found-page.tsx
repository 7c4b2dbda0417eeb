import type { MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { NotFoundPanel, RouteErrorPanel } from '#app/ui/error-panel'

export const notFoundMeta: MetaFunction = () => [{ title: 'Page not found · mga-desk' }]

/** The 404 page inside the shell: 'Page not found' (a record's 404 elsewhere says its own message). */
export function NotFoundPage() {
  return <NotFoundPanel />
}

/** The 404 page's boundary: its loader always answers 404, shown as the page; anything else as every page's. */
export function NotFoundBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPanel />
  return <RouteErrorPanel error={error} />
}
