import { useNavigate } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Text } from '#app/ui/core'
import { PageDialog } from '#app/ui/page-dialog'

/**
 * The frame of the Policies tab's two calculators (taxes, commissions): a dialog addressed by the URL,
 * closed by a link back to the tab (or Escape), saying which step of how many it shows.
 */
export function CalculatorDialog({
  title,
  closeHref,
  step,
  steps,
  children,
}: {
  title: string
  closeHref: string
  step: number
  steps: number
  children: ReactNode
}) {
  const navigate = useNavigate()
  return (
    <PageDialog
      title={title}
      closeHref={closeHref}
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      width={760}
    >
      <Text size="xs" c="dimmed" mb="xs">
        Step {step} of {steps}
      </Text>
      {children}
    </PageDialog>
  )
}
