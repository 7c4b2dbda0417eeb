import { useId as useReactId } from 'react'

/**
 * Mantine's `useId` (the same ids: a given id, or React's as `mantine-R…`) without its layout effect,
 * which set a random id in the browser after hydrating: a synchronous render of every input, alert
 * and checkbox of the page right after hydration (a long task on a thin client), for ids React's own
 * `useId` already keeps the same on the server and in the browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`
}
