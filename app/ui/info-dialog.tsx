import { Link, useNavigate, useSearchParams } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'
import { Button, Group } from '#app/ui/core'
import { PageDialog } from '#app/ui/page-dialog'
import { useHrefWith } from '#app/ui/use-href-with'

/** The information dialog's confirm button (spec 1 §8: "Information dialog: confirm button text 'Got It!'"). */
export const INFO_CONFIRM_LABEL = 'Got It!'

/**
 * A dialog opened by a URL parameter: its value (null when closed), the page's address without it
 * (where closing goes, so the dialog closes without JavaScript too) and a `close` that goes there in
 * place, keeping the scroll position.
 */
export function useDialogParam(name: string): { value: string | null; closeHref: string; close: () => void } {
  const [searchParams] = useSearchParams()
  const hrefWith = useHrefWith()
  const navigate = useNavigate()
  const closeHref = hrefWith({ [name]: null })
  return {
    value: searchParams.get(name),
    closeHref,
    close: () => navigate(closeHref, { preventScrollReset: true }),
  }
}

/**
 * The information dialog (spec 1 §8): something to read and one confirm button, 'Got It!', which
 * closes it like the X and Escape do. It is a PageDialog, rendered by the server when the page's URL
 * asks for it (see useDialogParam), so it shows and closes without JavaScript; 'Got It!' is a link to
 * `closeHref` that, once the page runs, calls `onClose` instead.
 */
export function InfoDialog({
  title,
  closeHref,
  onClose,
  width,
  children,
}: {
  title: ReactNode
  closeHref: string
  onClose: () => void
  width?: number
  children: ReactNode
}) {
  return (
    <PageDialog title={title} closeHref={closeHref} onClose={onClose} width={width}>
      {children}
      <Group justify="flex-end" mt="md">
        <Button
          component={Link}
          to={closeHref}
          preventScrollReset
          size="sm"
          onClick={(event: MouseEvent) => {
            event.preventDefault()
            onClose()
          }}
        >
          {INFO_CONFIRM_LABEL}
        </Button>
      </Group>
    </PageDialog>
  )
}
