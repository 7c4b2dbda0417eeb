import { Checkbox } from '#app/ui/core'
import { useState, type ReactNode } from 'react'

/**
 * The column picker of the search forms (firms, claims): each field has a checkbox that adds its
 * result column, the columns in the order checked. The checkboxes are plain `col` values of the GET
 * form (so it works without JavaScript, in form order); with JavaScript the order checked goes in the
 * hidden `order` field, which the loaders read first.
 */
export function useColumnOrder(checked: readonly string[]) {
  const [order, setOrder] = useState<string[]>([...checked])
  const toggle = (name: string, on: boolean) =>
    setOrder((current) => (on ? [...current.filter((n) => n !== name), name] : current.filter((n) => n !== name)))
  return { order, toggle, orderInput: <input type="hidden" name="order" value={order.join(',')} /> }
}

/**
 * The props of a field under its column checkbox: the checkbox shows the field's name, so the field's
 * own label is for screen readers only.
 */
export const PICKED_FIELD = { size: 'xs', labelProps: { className: 'visually-hidden' }, style: { flex: 1 } } as const

/** One search field with its column checkbox above it (`children` is the field's input, if any). */
export function ColumnPickField({
  name,
  label,
  checked,
  onToggle,
  children,
}: {
  name: string
  label: string
  checked: boolean
  onToggle: (name: string, on: boolean) => void
  children?: ReactNode
}) {
  return (
    <div>
      <Checkbox
        size="xs"
        name="col"
        value={name}
        label={label}
        aria-label={`Show ${label} column`}
        defaultChecked={checked}
        onChange={(event) => onToggle(name, event.currentTarget.checked)}
        mb={2}
      />
      {children}
    </div>
  )
}
