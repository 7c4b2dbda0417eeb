import { Modal, Text } from '@mantine/core'
import type { ReloginInput } from '#app/schemas/session'
import { ReloginForm, type ActivityType } from './relogin-form'

/** The idle dialog itself, loaded only when a session times out (it brings the form libraries). */
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
  onRelogin: (input: ReloginInput) => void
  onClose: () => void
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title="Session timed out"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
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
    </Modal>
  )
}
