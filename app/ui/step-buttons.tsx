import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, Group } from './core'

/** Next: submits the step's form. */
export function NextButton() {
  return (
    <Button type="submit" size="xs">
      Next
    </Button>
  )
}

/**
 * A dialog step's buttons: Back (a link to the step before, so it works without JavaScript) on the left,
 * if there is a step before; the step's own buttons on the right (by default Next).
 */
export function StepButtons({
  back,
  children = <NextButton />,
  mt,
}: {
  back?: string
  children?: ReactNode
  mt?: 'sm'
}) {
  return (
    <Group justify={back ? 'space-between' : 'flex-end'} mt={mt}>
      {back ? (
        <Button component={Link} to={back} size="xs" variant="default" preventScrollReset>
          Back
        </Button>
      ) : null}
      {children}
    </Group>
  )
}

/** A dialog form's one button on the right: submits the form with its intent (Save, Create). */
export function SubmitRow({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" name="intent" value={intent} size="xs">
        {children}
      </Button>
    </Group>
  )
}
