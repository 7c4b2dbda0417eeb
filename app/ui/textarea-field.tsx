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
  description,
  required,
  readOnly,
  minRows = 3,
}: {
  field: Field
  label: string
  description?: string
  /** Required by what else the form holds (the schema's own constraint otherwise). */
  required?: boolean
  readOnly?: boolean
  minRows?: number
}) {
  const props = textareaProps(field)
  return (
    <Textarea
      {...props}
      key={field.key}
      label={label}
      description={description}
      required={required ?? props.required}
      readOnly={readOnly}
      autosize
      minRows={minRows}
      maxRows={16}
      error={field.errors?.[0]}
    />
  )
}
