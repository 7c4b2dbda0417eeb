import type { CSSProperties } from 'react'
import { CLASSES } from '#app/ui/core/classes'

const STYLE = {
  '--button-height': 'var(--button-height-compact-xs)',
  '--button-padding-x': 'var(--button-padding-x-compact-xs)',
  '--button-fz': 'var(--mantine-font-size-xs)',
  '--button-bg': 'transparent',
  '--button-hover': 'var(--mantine-color-primary-light-hover)',
  '--button-color': 'var(--mantine-color-primary-light-color)',
  '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
} as CSSProperties

const ROOT = `${CLASSES.Button.root} mantine-Button-root ${CLASSES.UnstyledButton.root} mantine-UnstyledButton-root`

/**
 * A chip's Remove on the Roles page: the kit's `<Button type="submit" size="compact-xs"
 * variant="subtle">Remove</Button>` written as plain elements (remove-button.test.tsx compares the
 * two), submitting the card's one Remove form (`form`) with the member it names. A group may hold
 * every scope: a Button component per chip was most of the page's render.
 */
export function RemoveButton({
  form,
  name,
  value,
  disabled,
  'aria-label': label,
}: {
  form: string
  name: string
  value: string | number
  disabled?: boolean
  'aria-label': string
}) {
  return (
    <button
      style={STYLE}
      className={disabled ? `mantine-focus-auto ${ROOT}` : `mantine-focus-auto mantine-active ${ROOT}`}
      data-variant="subtle"
      data-size="compact-xs"
      data-disabled={disabled || undefined}
      type="submit"
      disabled={disabled}
      form={form}
      name={name}
      value={value}
      aria-label={label}
    >
      <span className={`${CLASSES.Button.inner} mantine-Button-inner`}>
        <span className={`${CLASSES.Button.label} mantine-Button-label`}>Remove</span>
      </span>
    </button>
  )
}
