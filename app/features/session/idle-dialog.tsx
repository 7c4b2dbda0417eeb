import { Text } from '#app/ui/core'
import { PageDialog } from '#app/ui/page-dialog'
import { ReloginForm, type ActivityType } from './relogin-form'

/** The idle dialog itself, loaded only when a session times out (it brings the relogin form). */
export default function IdleDialog({
  types,
  askCode,
  redirectTo,
  message,
  notice,
  busy,
  onRelogin,
  onClose,
}: {
  types: ActivityType[]
  askCode: boolean
  redirectTo: string
  message: string | null
  notice: string | null
  busy: boolean
  onRelogin: (fields: Record<string, string>) => void
  onClose: () => void
}) {
  return (
    // The kit's dialog; its X stays on this page (closing checks the session, and it stays open while timed out).
    <PageDialog title="Session timed out" closeHref={redirectTo} onClose={onClose} width={440}>
      <ReloginForm
        types={types}
        askCode={askCode}
        redirectTo={redirectTo}
        message={message}
        busy={busy}
        onRelogin={onRelogin}
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
