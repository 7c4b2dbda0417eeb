import { Text } from '#app/ui/core'
import { PageDialog } from '#app/ui/page-dialog'
import type { ComponentProps } from 'react'
import { ReloginForm } from './relogin-form'

/**
 * The idle dialog itself, loaded only when a session times out: the relogin form with its props as
 * given, and the notice (still timed out) as its alert.
 */
export default function IdleDialog({
  notice,
  onClose,
  ...relogin
}: Omit<ComponentProps<typeof ReloginForm>, 'notice' | 'lastResult'> & {
  notice: string | null
  onClose: () => void
}) {
  return (
    // The kit's dialog; its X stays on this page (closing checks the session, and it stays open while timed out).
    <PageDialog title="Session timed out" closeHref={relogin.redirectTo} onClose={onClose} width={440}>
      <ReloginForm
        {...relogin}
        notice={
          notice ? (
            <Text c="error.7" role="alert" size="sm">
              {notice}
            </Text>
          ) : null
        }
      />
    </PageDialog>
  )
}
