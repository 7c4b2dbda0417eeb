import { useEffect, useState } from 'react'

/**
 * False on the server and in the first render; true once React runs this part in the browser
 * (progressive parts switch then: drag handles, search-as-you-type, lazy parts' `data-lazy`).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
