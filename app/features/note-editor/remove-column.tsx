import type { MouseEvent } from 'react'
import { RemoveButton } from '#app/ui/remove-button'
import type { DataColumn } from '#app/ui/data-table'

/**
 * The Actions column of the note's files and recipients, shown while the note is editable: a Remove that
 * posts the whole note form with its intent (`detach:12`, `remove:34`), so it works without JavaScript.
 */
export function removeColumn<Row>(
  editable: boolean,
  remove: {
    intent: (row: Row) => string
    label: (row: Row) => string
    onClick?: (row: Row, event: MouseEvent) => void
  },
): DataColumn<Row>[] {
  if (!editable) return []
  return [
    {
      key: 'actions',
      label: 'Actions',
      className: 'ne-right',
      render: (row) => (
        <RemoveButton
          type="submit"
          name="intent"
          value={remove.intent(row)}
          aria-label={remove.label(row)}
          onClick={remove.onClick ? (event: MouseEvent) => remove.onClick!(row, event) : undefined}
        >
          Remove
        </RemoveButton>
      ),
    },
  ]
}
