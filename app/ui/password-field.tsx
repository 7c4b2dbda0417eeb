import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { forwardRef } from 'react'
import { inputProps } from './field-props'
import type { Field } from './fields'

/**
 * A password input (Mantine's, with its show/hide toggle) bound to a Conform field. Its own module:
 * the toggle brings Mantine's ActionIcon and Transition, which only the sign-in pages need.
 */
export const PasswordField = forwardRef<
  HTMLInputElement,
  { field: Field; label: string } & Omit<PasswordInputProps, 'name' | 'defaultValue' | 'error' | 'label' | 'type'>
>(function PasswordField({ field, label, ...rest }, ref) {
  const { type: _type, ...props } = inputProps(field, { type: 'password' })
  return <PasswordInput {...props} {...rest} ref={ref} key={field.key} label={label} error={field.errors?.[0]} />
})
