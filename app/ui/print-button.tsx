import { Button } from '#app/ui/core'
import { useHydrated } from './use-hydrated'

/**
 * Print: the browser's print dialog, which only a script can open. Without JavaScript there is no
 * button (a dead one would do nothing); the page still prints as it should from the browser's menu
 * (print styles hide the app's frame).
 */
export function PrintButton({ variant }: { variant?: 'default' }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Button type="button" size="xs" variant={variant} onClick={() => window.print()}>
      Print
    </Button>
  )
}
