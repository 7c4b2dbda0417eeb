import { Link } from '@remix-run/react'
import { Button } from '#app/ui/core'

/** How far a button beside labelled fields moves down to line up with the fields' boxes (a label's height). */
export const FIELD_LABEL_OFFSET = 22

/** A table row's edit mode ends with Save (the form's submit, pending while it posts) or Discard (a link back). */
export function SaveOrDiscard({ pending, discardHref }: { pending: boolean; discardHref: string }) {
  return (
    <>
      <Button type="submit" size="xs" mt={FIELD_LABEL_OFFSET} loading={pending}>
        Save
      </Button>
      <Button component={Link} to={discardHref} preventScrollReset size="xs" variant="default" mt={FIELD_LABEL_OFFSET}>
        Discard
      </Button>
    </>
  )
}
