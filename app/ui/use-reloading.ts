import { useLocation, useNavigation } from '@remix-run/react'

/**
 * Whether the page is loading itself again (a GET search or report form sent, a sort or page link
 * followed): the results dim while the next ones load. A link to another page is not this.
 */
export function useReloading(): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  return navigation.state === 'loading' && navigation.location.pathname === location.pathname
}
