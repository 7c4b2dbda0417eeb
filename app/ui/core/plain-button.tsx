import type { CSSProperties } from 'react'
import { CLASSES } from './classes'

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
 * The kit's `<Button type="submit" size="compact-xs" variant="subtle">` as plain elements
 * (plain-button.test.tsx requires the same HTML), for a list that draws one per row: on the Roles page a
 * group may hold every scope, and a Button component per chip was most of the page's render. It submits
 * the form `form` names with its name and value.
 */
export function PlainSubmitButton({
  children,
  form,
  name,
  value,
  disabled,
  'aria-label': label,
}: {
  children: string
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
        <span className={`${CLASSES.Button.label} mantine-Button-label`}>{children}</span>
      </span>
    </button>
  )
}
