import { Notification } from '#app/ui/core'
import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'

export interface SnackbarMessage {
  message: string
  kind: 'success' | 'error' | 'info'
}

const COLORS = { success: 'secondary', error: 'error', info: 'primary' } as const

/**
 * A server-rendered snackbar, so a message survives a redirect and shows without JavaScript. With
 * JavaScript it closes itself after a few seconds, except errors (spec: the error snackbar stays).
 */
export function Snackbar({ snack }: { snack: SnackbarMessage | null }) {
  const [visible, setVisible] = useState<SnackbarMessage | null>(snack)
  const { key } = useLocation()
  // A new message shows (and, unless it is an error, closes itself after five seconds). A revalidation of the
  // same page (a fetcher's action, a lazy part) answers no message: the one shown stays; a navigation clears it.
  useEffect(() => {
    if (!snack) return
    setVisible(snack)
    if (snack.kind === 'error') return
    const timer = window.setTimeout(() => setVisible(null), 5000)
    return () => window.clearTimeout(timer)
  }, [snack])
  useEffect(() => {
    if (!snack) setVisible(null)
    // Only a change of page clears it, never the message itself changing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  if (!visible) return null
  return (
    <div className="snackbar" role={visible.kind === 'error' ? 'alert' : 'status'}>
      <Notification
        color={COLORS[visible.kind]}
        withCloseButton
        closeButtonProps={{ 'aria-label': 'Close' }}
        onClose={() => setVisible(null)}
        withBorder
      >
        {visible.message}
      </Notification>
    </div>
  )
}
