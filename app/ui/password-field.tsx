import { getInputProps } from '@conform-to/react'
import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { forwardRef } from 'react'
import type { Field } from './fields'

/**
 * A password input (Mantine's, with its show/hide toggle) bound to a Conform field. Its own module:
 * the toggle brings Mantine's ActionIcon and Transition, which only the sign-in pages need.
 */
export const PasswordField = forwardRef<HTMLInputElement, { field: Field; label: string } & Omit<PasswordInputProps, 'name' | 'defaultValue' | 'error' | 'label' | 'type'>>(
  function PasswordField({ field, label, ...rest }, ref) {
    const { key: _key, type: _type, ...props } = getInputProps(field, { type: 'password' })
    return <PasswordInput {...props} {...rest} ref={ref} key={field.key} label={label} error={field.errors?.[0]} />
  },
)
