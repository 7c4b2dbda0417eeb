import { Textarea } from '@mantine/core'
import { textareaProps } from './field-props'
import type { Field } from './fields'

/**
 * A textarea (Mantine's, growing with its text) bound to a Conform field. Its own module, like
 * PasswordField: Mantine's Textarea brings its autosize code, which pages without one should not load.
 */
export function TextareaField({
  field,
  label,
  readOnly,
  minRows = 3,
}: {
  field: Field
  label: string
  readOnly?: boolean
  minRows?: number
}) {
  const props = textareaProps(field)
  return (
    <Textarea
      {...props}
      key={field.key}
      label={label}
      readOnly={readOnly}
      autosize
      minRows={minRows}
      maxRows={16}
      error={field.errors?.[0]}
    />
  )
}
